CREATE TABLE "activity_claims" (
	"activity_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"persona_id" uuid NOT NULL,
	"runner_id" text NOT NULL,
	"limit_kind" text,
	"local_day" integer NOT NULL,
	"claimed_at" timestamp with time zone NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "activity_claims_activity_id_attempt_pk" PRIMARY KEY("activity_id","attempt")
);
--> statement-breakpoint
CREATE TABLE "activity_reports" (
	"idempotency_key" text PRIMARY KEY NOT NULL,
	"activity_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "persona_sync_state" (
	"persona_id" uuid PRIMARY KEY NOT NULL,
	"conversations_sync_token" text,
	"connections_synced_at" timestamp with time zone,
	"conversations_synced_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "personas" ADD COLUMN "invitations_blocked_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "activity_claims" ADD CONSTRAINT "activity_claims_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_claims" ADD CONSTRAINT "activity_claims_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_reports" ADD CONSTRAINT "activity_reports_activity_id_activities_id_fk" FOREIGN KEY ("activity_id") REFERENCES "public"."activities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persona_sync_state" ADD CONSTRAINT "persona_sync_state_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_reports_activity_id_idx" ON "activity_reports" USING btree ("activity_id");