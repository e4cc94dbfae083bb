ALTER TABLE "activities" DROP CONSTRAINT "activities_idempotency_key_unique";--> statement-breakpoint
ALTER TABLE "activities" DROP CONSTRAINT "activities_persona_id_personas_id_fk";
--> statement-breakpoint
ALTER TABLE "activities" DROP CONSTRAINT "activities_campaign_id_campaigns_id_fk";
--> statement-breakpoint
ALTER TABLE "executions" DROP CONSTRAINT "executions_persona_id_personas_id_fk";
--> statement-breakpoint
ALTER TABLE "activities" DROP COLUMN "idempotency_key";