CREATE TABLE "conversation_events" (
	"persona_id" uuid NOT NULL,
	"conversation_id" text NOT NULL,
	"message_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"text" text NOT NULL,
	"from_entity_id" text NOT NULL,
	"from_self" boolean NOT NULL,
	"render_format" text DEFAULT 'normal' NOT NULL,
	"render_content" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reactions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"subject" text,
	CONSTRAINT "conversation_events_persona_id_message_id_pk" PRIMARY KEY("persona_id","message_id")
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"persona_id" uuid NOT NULL,
	"entity_id" text NOT NULL,
	"conversation_type" text NOT NULL,
	"participant" jsonb NOT NULL,
	"search_name" text NOT NULL,
	"is_connection" boolean NOT NULL,
	"is_starred" boolean DEFAULT false NOT NULL,
	"is_archived" boolean DEFAULT false NOT NULL,
	"is_spam" boolean DEFAULT false NOT NULL,
	"mailbox" text DEFAULT 'Focused' NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"last_activity_at" timestamp with time zone NOT NULL,
	CONSTRAINT "conversations_persona_id_entity_id_pk" PRIMARY KEY("persona_id","entity_id")
);
--> statement-breakpoint
ALTER TABLE "conversation_events" ADD CONSTRAINT "conversation_events_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_events_thread_idx" ON "conversation_events" USING btree ("persona_id","conversation_id","created_at" DESC NULLS LAST,"message_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_persona_activity_idx" ON "conversations" USING btree ("persona_id","last_activity_at" DESC NULLS LAST,"entity_id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_persona_unread_idx" ON "conversations" USING btree ("persona_id","mailbox") WHERE "conversations"."unread_count" > 0 AND NOT "conversations"."is_archived" AND NOT "conversations"."is_spam";