CREATE TABLE "persona_runtime" (
	"persona_id" uuid PRIMARY KEY NOT NULL,
	"next_action_at" timestamp with time zone,
	"action_day" integer,
	"actions_in_day" integer DEFAULT 0 NOT NULL,
	"next_check_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "activities_queued_planned_at_idx";--> statement-breakpoint
DROP INDEX "activities_persona_id_state_planned_at_idx";--> statement-breakpoint
ALTER TABLE "persona_runtime" ADD CONSTRAINT "persona_runtime_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "persona_runtime_next_check_at_idx" ON "persona_runtime" USING btree ("next_check_at");--> statement-breakpoint
CREATE INDEX "activities_queued_persona_kind_due_idx" ON "activities" USING btree ("persona_id","limit_kind","due_at","step_number","id") WHERE "activities"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "activities_persona_id_state_idx" ON "activities" USING btree ("persona_id","state");--> statement-breakpoint
CREATE INDEX "executions_campaign_id_state_idx" ON "executions" USING btree ("campaign_id","state");--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "planned_at";