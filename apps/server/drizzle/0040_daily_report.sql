CREATE TABLE "bot_activity" (
	"dsbot_id" integer NOT NULL,
	"day" date NOT NULL,
	"session" text NOT NULL,
	"haul_wood" bigint DEFAULT 0 NOT NULL,
	"haul_stone" bigint DEFAULT 0 NOT NULL,
	"haul_iron" bigint DEFAULT 0 NOT NULL,
	"buildings" integer DEFAULT 0 NOT NULL,
	"units" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attacks" integer DEFAULT 0 NOT NULL,
	"reported_at" timestamp with time zone NOT NULL,
	CONSTRAINT "bot_activity_dsbot_id_day_session_pk" PRIMARY KEY("dsbot_id","day","session")
);
--> statement-breakpoint
ALTER TABLE "alert_rules" ADD COLUMN "report_minute" smallint;--> statement-breakpoint
ALTER TABLE "bot_activity" ADD CONSTRAINT "bot_activity_dsbot_id_dsbots_id_fk" FOREIGN KEY ("dsbot_id") REFERENCES "public"."dsbots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_activity_reported_idx" ON "bot_activity" USING btree ("reported_at");--> statement-breakpoint
CREATE INDEX "attacks_dsbot_send_idx" ON "attacks" USING btree ("dsbot_id","send_at") WHERE dsbot_id is not null;