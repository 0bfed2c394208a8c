CREATE TABLE "incomings" (
	"id" serial PRIMARY KEY NOT NULL,
	"dsbot_id" integer,
	"user_id" integer,
	"world_server" text NOT NULL,
	"world_world" text NOT NULL,
	"command_id" bigint,
	"origin_village_id" integer,
	"origin_x" smallint NOT NULL,
	"origin_y" smallint NOT NULL,
	"origin_name" text,
	"attacker_name" text,
	"attacker_tribe" text,
	"target_village_id" integer,
	"target_x" smallint NOT NULL,
	"target_y" smallint NOT NULL,
	"target_name" text,
	"defender_name" text,
	"arrival_at" timestamp with time zone NOT NULL,
	"first_seen_at" timestamp with time zone NOT NULL,
	"label" text,
	"tag" text,
	"distance" real NOT NULL,
	"likely_units" jsonb,
	"likely_speed" real,
	"other_units" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"kind" text NOT NULL,
	"kind_reason" text NOT NULL,
	"train_id" integer,
	"train_index" integer,
	CONSTRAINT "incomings_source_check" CHECK (("incomings"."dsbot_id" is null) <> ("incomings"."user_id" is null)),
	CONSTRAINT "incomings_kind_check" CHECK ("incomings"."kind" in ('attack', 'fake', 'noble'))
);
--> statement-breakpoint
CREATE TABLE "pasted_troops" (
	"user_id" integer NOT NULL,
	"world_server" text NOT NULL,
	"world_world" text NOT NULL,
	"village_id" integer NOT NULL,
	"x" smallint NOT NULL,
	"y" smallint NOT NULL,
	"name" text NOT NULL,
	"player_name" text,
	"units" jsonb NOT NULL,
	"in_village" jsonb NOT NULL,
	"outside" jsonb NOT NULL,
	"on_the_way" jsonb NOT NULL,
	"imported_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pasted_troops_user_id_world_server_world_world_village_id_pk" PRIMARY KEY("user_id","world_server","world_world","village_id")
);
--> statement-breakpoint
ALTER TABLE "bot_troops" ADD COLUMN "in_village" jsonb;--> statement-breakpoint
ALTER TABLE "bot_troops" ADD COLUMN "outside" jsonb;--> statement-breakpoint
ALTER TABLE "bot_troops" ADD COLUMN "on_the_way" jsonb;--> statement-breakpoint
ALTER TABLE "incomings" ADD CONSTRAINT "incomings_dsbot_id_dsbots_id_fk" FOREIGN KEY ("dsbot_id") REFERENCES "public"."dsbots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incomings" ADD CONSTRAINT "incomings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pasted_troops" ADD CONSTRAINT "pasted_troops_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "incomings_bot_command_idx" ON "incomings" USING btree ("dsbot_id","command_id");--> statement-breakpoint
CREATE UNIQUE INDEX "incomings_paste_idx" ON "incomings" USING btree ("user_id","origin_x","origin_y","target_x","target_y","arrival_at");--> statement-breakpoint
CREATE INDEX "incomings_arrival_idx" ON "incomings" USING btree ("arrival_at");