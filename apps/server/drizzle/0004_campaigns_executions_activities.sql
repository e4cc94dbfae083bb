CREATE TABLE "activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"persona_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"execution_id" uuid NOT NULL,
	"step_number" integer NOT NULL,
	"operation_type" text NOT NULL,
	"limit_kind" text,
	"due_at" timestamp with time zone NOT NULL,
	"planned_at" timestamp with time zone,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"idempotency_key" text,
	"outcome" text,
	"network_ref" text,
	"error" jsonb,
	"reported_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "activities_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "activities_state_check" CHECK ("state" in ('queued', 'claimed', 'done', 'failed', 'cancelled')),
	CONSTRAINT "activities_attempt_check" CHECK ("activities"."attempt" >= 0),
	CONSTRAINT "activities_limit_kind_check" CHECK ("limit_kind" is null or "limit_kind" in ('invitations', 'messages', 'follow', 'reactOnPost', 'profileViews'))
);
--> statement-breakpoint
CREATE TABLE "campaign_audience" (
	"campaign_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"persona_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_audience_campaign_id_contact_id_pk" PRIMARY KEY("campaign_id","contact_id")
);
--> statement-breakpoint
CREATE TABLE "campaigns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"persona_id" uuid NOT NULL,
	"name" text NOT NULL,
	"state" text DEFAULT 'Compose' NOT NULL,
	"complete_reason" text,
	"pause_reason" text,
	"archived" boolean DEFAULT false NOT NULL,
	"steps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"launch_in_minutes" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "campaigns_name_length_check" CHECK (char_length("campaigns"."name") between 1 and 50),
	CONSTRAINT "campaigns_state_check" CHECK ("state" in ('Compose', 'Running', 'Stopped', 'Completed')),
	CONSTRAINT "campaigns_launch_in_minutes_check" CHECK ("campaigns"."launch_in_minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "executions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"persona_id" uuid NOT NULL,
	"campaign_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"state" text DEFAULT 'NotStarted' NOT NULL,
	"step_index" integer,
	"due_at" timestamp with time zone,
	"awaiting_until" timestamp with time zone,
	"step_states" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"conversation_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	CONSTRAINT "executions_state_check" CHECK ("state" in ('NotStarted', 'InQueue', 'InProgress', 'Succeed', 'Ignored', 'Skipped', 'Cancelled', 'Failed'))
);
--> statement-breakpoint
CREATE TABLE "persona_daily_usage" (
	"persona_id" uuid NOT NULL,
	"local_day" integer NOT NULL,
	"limit_kind" text NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "persona_daily_usage_persona_id_local_day_limit_kind_pk" PRIMARY KEY("persona_id","local_day","limit_kind"),
	CONSTRAINT "persona_daily_usage_used_check" CHECK ("persona_daily_usage"."used" >= 0),
	CONSTRAINT "persona_daily_usage_limit_kind_check" CHECK ("limit_kind" in ('invitations', 'messages', 'follow', 'reactOnPost', 'profileViews'))
);
--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_execution_id_executions_id_fk" FOREIGN KEY ("execution_id") REFERENCES "public"."executions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_audience" ADD CONSTRAINT "campaign_audience_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_audience" ADD CONSTRAINT "campaign_audience_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_audience" ADD CONSTRAINT "campaign_audience_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "executions" ADD CONSTRAINT "executions_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "executions" ADD CONSTRAINT "executions_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "executions" ADD CONSTRAINT "executions_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "persona_daily_usage" ADD CONSTRAINT "persona_daily_usage_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activities_execution_id_step_number_operation_type_idx" ON "activities" USING btree ("execution_id","step_number","operation_type");--> statement-breakpoint
CREATE INDEX "activities_queued_planned_at_idx" ON "activities" USING btree ("planned_at") WHERE "activities"."state" = 'queued';--> statement-breakpoint
CREATE INDEX "activities_persona_id_state_planned_at_idx" ON "activities" USING btree ("persona_id","state","planned_at");--> statement-breakpoint
CREATE INDEX "activities_claimed_lease_expires_at_idx" ON "activities" USING btree ("lease_expires_at") WHERE "activities"."state" = 'claimed';--> statement-breakpoint
CREATE INDEX "activities_campaign_id_state_idx" ON "activities" USING btree ("campaign_id","state");--> statement-breakpoint
CREATE INDEX "campaign_audience_contact_id_idx" ON "campaign_audience" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "campaigns_persona_id_archived_created_at_idx" ON "campaigns" USING btree ("persona_id","archived","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "executions_campaign_id_contact_id_idx" ON "executions" USING btree ("campaign_id","contact_id");--> statement-breakpoint
CREATE INDEX "executions_persona_id_state_idx" ON "executions" USING btree ("persona_id","state");--> statement-breakpoint
CREATE INDEX "executions_contact_id_idx" ON "executions" USING btree ("contact_id");--> statement-breakpoint
CREATE INDEX "executions_awaiting_until_idx" ON "executions" USING btree ("awaiting_until") WHERE "executions"."state" = 'InProgress';