-- An execution is one audience member's run of the campaign: one foreign key to its audience row
-- (which goes with its campaign or its contact) instead of one to each, so a launch checks one
-- key per contact, not two. Every path that makes an execution makes it from an audience row;
-- any execution without one gets its row back first, so the constraint holds for existing data.
INSERT INTO "campaign_audience" ("campaign_id", "contact_id", "persona_id", "created_at")
SELECT "campaign_id", "contact_id", "persona_id", "created_at" FROM "executions"
ON CONFLICT ("campaign_id", "contact_id") DO NOTHING;
--> statement-breakpoint
ALTER TABLE "executions" DROP CONSTRAINT "executions_campaign_id_campaigns_id_fk";
--> statement-breakpoint
ALTER TABLE "executions" DROP CONSTRAINT "executions_contact_id_contacts_id_fk";
--> statement-breakpoint
ALTER TABLE "executions" ADD CONSTRAINT "executions_campaign_audience_fk" FOREIGN KEY ("campaign_id","contact_id") REFERENCES "public"."campaign_audience"("campaign_id","contact_id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- A campaign queues at most one window of activities (campaignQueueWindow of @outpilot/domain);
-- the flag marks those whose other InQueue executions wait for the engine's top-up. Campaigns
-- launched before this migration have an activity for every InQueue execution.
ALTER TABLE "campaigns" ADD COLUMN "executions_waiting" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
-- A persona's executions are found through its campaigns (executions_campaign_id_state_idx) or
-- its contacts (executions_contact_id_idx): one index less to write per launched contact and move.
DROP INDEX "executions_persona_id_state_idx";
--> statement-breakpoint
-- Every execution has its audience row now, so a contact's campaigns are its audience rows: the
-- executions half of the view's union (0006) found nothing the audience half had not.
CREATE OR REPLACE VIEW "contact_campaigns" AS
SELECT a."contact_id", a."campaign_id", c."state" AS "campaign_state"
FROM "campaign_audience" a JOIN "campaigns" c ON c."id" = a."campaign_id";
