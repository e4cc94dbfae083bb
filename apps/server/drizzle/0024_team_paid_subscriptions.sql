CREATE TABLE "team_paid_subscriptions" (
	"checkout_id" text PRIMARY KEY NOT NULL,
	"team_id" uuid NOT NULL,
	"payer_persona_id" uuid NOT NULL,
	"member_persona_id" uuid NOT NULL,
	"provider_subscription_id" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "team_paid_subscriptions_provider_subscription_id_unique" UNIQUE("provider_subscription_id")
);
--> statement-breakpoint
ALTER TABLE "team_paid_subscriptions" ADD CONSTRAINT "team_paid_subscriptions_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_paid_subscriptions" ADD CONSTRAINT "team_paid_subscriptions_payer_persona_id_personas_id_fk" FOREIGN KEY ("payer_persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_paid_subscriptions" ADD CONSTRAINT "team_paid_subscriptions_member_persona_id_personas_id_fk" FOREIGN KEY ("member_persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "team_paid_subscriptions_member_idx" ON "team_paid_subscriptions" USING btree ("member_persona_id");