CREATE TABLE "inbox_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"persona_id" uuid NOT NULL,
	"conversation_id" text NOT NULL,
	"change" jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"report" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "inbox_changes_state_check" CHECK ("state" in ('queued', 'claimed', 'done', 'failed', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "inbox_changes" ADD CONSTRAINT "inbox_changes_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbox_changes_open_persona_idx" ON "inbox_changes" USING btree ("persona_id","created_at") WHERE "inbox_changes"."state" in ('queued', 'claimed');