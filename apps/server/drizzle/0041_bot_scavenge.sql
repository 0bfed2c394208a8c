CREATE TABLE "bot_scavenge" (
	"dsbot_id" integer PRIMARY KEY NOT NULL,
	"villages" jsonb NOT NULL,
	"scanned_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bot_scavenge" ADD CONSTRAINT "bot_scavenge_dsbot_id_dsbots_id_fk" FOREIGN KEY ("dsbot_id") REFERENCES "public"."dsbots"("id") ON DELETE cascade ON UPDATE no action;