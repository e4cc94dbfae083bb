CREATE TABLE "campaign_hubspot_settings" (
	"campaign_id" uuid PRIMARY KEY NOT NULL,
	"static_fields" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaign_hubspot_settings" ADD CONSTRAINT "campaign_hubspot_settings_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;