CREATE TABLE "contact_tags" (
	"import_list_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	CONSTRAINT "contact_tags_import_list_id_contact_id_pk" PRIMARY KEY("import_list_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"persona_id" uuid NOT NULL,
	"linkedin_entity_id" text,
	"linkedin_public_identifier" text,
	"sales_lead_id" text,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"full_name" text DEFAULT '' NOT NULL,
	"occupation" text,
	"location" text,
	"last_job" text,
	"country" text,
	"picture_url" text,
	"is_premium" boolean DEFAULT false NOT NULL,
	"distance" smallint,
	"custom_field_1" text,
	"custom_field_2" text,
	"custom_field_3" text,
	"contacted_at" timestamp with time zone,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contacts_identity_check" CHECK ("contacts"."linkedin_entity_id" is not null or "contacts"."linkedin_public_identifier" is not null or "contacts"."sales_lead_id" is not null),
	CONSTRAINT "contacts_distance_check" CHECK ("contacts"."distance" is null or "contacts"."distance" in (1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "import_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"persona_id" uuid NOT NULL,
	"name" text NOT NULL,
	"source_type" text NOT NULL,
	"source_uri" text,
	"state" text DEFAULT 'running' NOT NULL,
	"processed" integer DEFAULT 0 NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"uploaded_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"error_name" text,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "import_lists_state_check" CHECK ("import_lists"."state" in ('running', 'completed', 'failed', 'stopped'))
);
--> statement-breakpoint
ALTER TABLE "contact_tags" ADD CONSTRAINT "contact_tags_import_list_id_import_lists_id_fk" FOREIGN KEY ("import_list_id") REFERENCES "public"."import_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_tags" ADD CONSTRAINT "contact_tags_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_lists" ADD CONSTRAINT "import_lists_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_tags_contact_idx" ON "contact_tags" USING btree ("contact_id","import_list_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_persona_entity_id_key" ON "contacts" USING btree ("persona_id","linkedin_entity_id") WHERE "contacts"."linkedin_entity_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_persona_public_identifier_key" ON "contacts" USING btree ("persona_id","linkedin_public_identifier") WHERE "contacts"."linkedin_public_identifier" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_persona_sales_lead_id_key" ON "contacts" USING btree ("persona_id","sales_lead_id") WHERE "contacts"."sales_lead_id" is not null;--> statement-breakpoint
CREATE INDEX "contacts_persona_imported_idx" ON "contacts" USING btree ("persona_id","imported_at","id");--> statement-breakpoint
CREATE INDEX "contacts_persona_created_idx" ON "contacts" USING btree ("persona_id","created_at","id");--> statement-breakpoint
CREATE INDEX "contacts_persona_contacted_idx" ON "contacts" USING btree ("persona_id","contacted_at","id");--> statement-breakpoint
CREATE INDEX "contacts_persona_full_name_idx" ON "contacts" USING btree ("persona_id","full_name","id");--> statement-breakpoint
CREATE INDEX "contacts_persona_occupation_idx" ON "contacts" USING btree ("persona_id","occupation","id");--> statement-breakpoint
CREATE INDEX "contacts_persona_location_idx" ON "contacts" USING btree ("persona_id","location","id");--> statement-breakpoint
CREATE INDEX "contacts_persona_custom_field_1_idx" ON "contacts" USING btree ("persona_id","custom_field_1","id");--> statement-breakpoint
CREATE INDEX "contacts_persona_custom_field_2_idx" ON "contacts" USING btree ("persona_id","custom_field_2","id");--> statement-breakpoint
CREATE INDEX "contacts_persona_custom_field_3_idx" ON "contacts" USING btree ("persona_id","custom_field_3","id");--> statement-breakpoint
CREATE INDEX "contacts_full_name_trgm_idx" ON "contacts" USING gin ("full_name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_occupation_trgm_idx" ON "contacts" USING gin ("occupation" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_last_job_trgm_idx" ON "contacts" USING gin ("last_job" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "contacts_location_trgm_idx" ON "contacts" USING gin ("location" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "import_lists_persona_created_idx" ON "import_lists" USING btree ("persona_id","created_at","id");--> statement-breakpoint
CREATE INDEX "import_lists_persona_running_idx" ON "import_lists" USING btree ("persona_id") WHERE "import_lists"."state" = 'running';