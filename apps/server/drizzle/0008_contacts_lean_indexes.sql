DROP INDEX "contacts_persona_occupation_idx";--> statement-breakpoint
DROP INDEX "contacts_persona_custom_field_1_idx";--> statement-breakpoint
DROP INDEX "contacts_persona_custom_field_2_idx";--> statement-breakpoint
DROP INDEX "contacts_persona_custom_field_3_idx";--> statement-breakpoint
DROP INDEX "contacts_full_name_trgm_idx";--> statement-breakpoint
DROP INDEX "contacts_occupation_trgm_idx";--> statement-breakpoint
DROP INDEX "contacts_last_job_trgm_idx";--> statement-breakpoint
DROP INDEX "contacts_location_trgm_idx";--> statement-breakpoint
CREATE INDEX "contacts_search_trgm_idx" ON "contacts" USING gin (("full_name" || ' ' || coalesce("occupation", '') || ' ' || coalesce("last_job", '') || ' ' || coalesce("location", '')) gin_trgm_ops);