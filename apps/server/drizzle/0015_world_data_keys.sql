-- Issue 19: a world's villages, players and tribes carry its data key; an import writes under a new key and switches with one update. Existing rows carry the world's id, so the key starts as the id.
CREATE SEQUENCE "public"."world_data_key_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "world_data_orphans" (
	"key" integer PRIMARY KEY NOT NULL,
	"world_id" integer NOT NULL,
	"since" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "worlds" ADD COLUMN "data_key" integer;--> statement-breakpoint
UPDATE "worlds" SET "data_key" = "id";--> statement-breakpoint
SELECT setval('world_data_key_seq', coalesce((SELECT max("id") FROM "worlds"), 0) + 1, false);--> statement-breakpoint
ALTER TABLE "worlds" ALTER COLUMN "data_key" SET DEFAULT nextval('world_data_key_seq');--> statement-breakpoint
ALTER TABLE "worlds" ALTER COLUMN "data_key" SET NOT NULL;
