CREATE TABLE "activity_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"persona_id" uuid NOT NULL,
	"campaign_id" uuid,
	"execution_id" uuid,
	"action" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activity_log_action_check" CHECK ("action" in ('invitation_sent', 'invitation_accepted', 'invitation_withdrawn', 'message_sent', 'reply_received', 'post_reacted', 'profile_followed', 'profile_visited', 'skill_endorsed', 'profile_scraped'))
);
--> statement-breakpoint
ALTER TABLE "personas" ALTER COLUMN "daily_react_on_post_limit" SET DEFAULT 25;--> statement-breakpoint
ALTER TABLE "personas" ALTER COLUMN "daily_messages_limit" SET DEFAULT 25;--> statement-breakpoint
ALTER TABLE "personas" ADD COLUMN "automation_mode" text DEFAULT 'local' NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_log" ADD CONSTRAINT "activity_log_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_log_persona_id_occurred_at_idx" ON "activity_log" USING btree ("persona_id","occurred_at");--> statement-breakpoint
ALTER TABLE "personas" ADD CONSTRAINT "personas_automation_mode_check" CHECK ("personas"."automation_mode" in ('local', 'cloud'));--> statement-breakpoint
-- No call could set the limits before this migration, so a stored 30 is the old default: align it.
UPDATE "personas" SET "daily_react_on_post_limit" = 25 WHERE "daily_react_on_post_limit" = 30;--> statement-breakpoint
UPDATE "personas" SET "daily_messages_limit" = 25 WHERE "daily_messages_limit" = 30;
