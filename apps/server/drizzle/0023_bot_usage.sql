CREATE TABLE "bot_usage" (
	"dsbot_id" integer PRIMARY KEY NOT NULL,
	"usage" jsonb NOT NULL,
	"reported_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bot_usage" ADD CONSTRAINT "bot_usage_dsbot_id_dsbots_id_fk" FOREIGN KEY ("dsbot_id") REFERENCES "public"."dsbots"("id") ON DELETE cascade ON UPDATE no action;