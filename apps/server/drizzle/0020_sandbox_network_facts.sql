CREATE SCHEMA "sandbox_network";
--> statement-breakpoint
CREATE TABLE "sandbox_network"."facts" (
	"network" text NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"value" jsonb NOT NULL,
	"position" bigint GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_network"."facts_position_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	CONSTRAINT "facts_network_kind_key_pk" PRIMARY KEY("network","kind","key")
);
