CREATE TABLE "allies" (
	"world_id" integer NOT NULL,
	"id" integer NOT NULL,
	"name" text NOT NULL,
	"tag" text NOT NULL,
	"members" integer NOT NULL,
	"villages" integer NOT NULL,
	"points" integer NOT NULL,
	"all_points" integer NOT NULL,
	"rank" integer NOT NULL,
	CONSTRAINT "allies_world_id_id_pk" PRIMARY KEY("world_id","id")
);
--> statement-breakpoint
CREATE TABLE "players" (
	"world_id" integer NOT NULL,
	"id" integer NOT NULL,
	"name" text NOT NULL,
	"ally_id" integer NOT NULL,
	"villages" integer NOT NULL,
	"points" integer NOT NULL,
	"rank" integer NOT NULL,
	CONSTRAINT "players_world_id_id_pk" PRIMARY KEY("world_id","id")
);
--> statement-breakpoint
CREATE TABLE "villages" (
	"world_id" integer NOT NULL,
	"id" integer NOT NULL,
	"name" text NOT NULL,
	"x" smallint NOT NULL,
	"y" smallint NOT NULL,
	"player_id" integer NOT NULL,
	"points" integer NOT NULL,
	"bonus_id" smallint NOT NULL,
	CONSTRAINT "villages_world_id_id_pk" PRIMARY KEY("world_id","id")
);
--> statement-breakpoint
CREATE TABLE "worlds" (
	"id" serial PRIMARY KEY NOT NULL,
	"server" text NOT NULL,
	"world" text NOT NULL,
	"config_xml" text,
	"config" jsonb,
	"unit_info_xml" text,
	"unit_info" jsonb,
	"village_count" integer DEFAULT 0 NOT NULL,
	"player_count" integer DEFAULT 0 NOT NULL,
	"ally_count" integer DEFAULT 0 NOT NULL,
	"data_version" integer DEFAULT 0 NOT NULL,
	"last_import_at" timestamp with time zone,
	"last_sync_at" timestamp with time zone,
	"last_sync_error" text,
	"source_validators" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "players_world_ally_idx" ON "players" USING btree ("world_id","ally_id");--> statement-breakpoint
CREATE INDEX "villages_world_xy_idx" ON "villages" USING btree ("world_id","x","y");--> statement-breakpoint
CREATE INDEX "villages_world_player_idx" ON "villages" USING btree ("world_id","player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "worlds_server_world_idx" ON "worlds" USING btree ("server","world");