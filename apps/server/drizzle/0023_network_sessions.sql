CREATE TABLE "network_sessions" (
	"persona_id" uuid PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"country_code" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "network_sessions" ADD CONSTRAINT "network_sessions_persona_id_personas_id_fk" FOREIGN KEY ("persona_id") REFERENCES "public"."personas"("id") ON DELETE cascade ON UPDATE no action;