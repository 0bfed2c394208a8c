CREATE TABLE "player_skills" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"world_server" text NOT NULL,
	"world_world" text NOT NULL,
	"player_name" text NOT NULL,
	"player_name_key" text NOT NULL,
	"skills" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "player_skills" ADD CONSTRAINT "player_skills_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "player_skills_user_player_idx" ON "player_skills" USING btree ("user_id","world_server","world_world","player_name_key");