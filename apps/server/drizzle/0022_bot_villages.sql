CREATE TABLE "bot_villages" (
	"dsbot_id" integer NOT NULL,
	"village_id" integer NOT NULL,
	"x" smallint NOT NULL,
	"y" smallint NOT NULL,
	"name" text NOT NULL,
	"units" jsonb NOT NULL,
	"state" jsonb NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bot_villages_dsbot_id_village_id_pk" PRIMARY KEY("dsbot_id","village_id")
);
--> statement-breakpoint
ALTER TABLE "bot_villages" ADD CONSTRAINT "bot_villages_dsbot_id_dsbots_id_fk" FOREIGN KEY ("dsbot_id") REFERENCES "public"."dsbots"("id") ON DELETE cascade ON UPDATE no action;