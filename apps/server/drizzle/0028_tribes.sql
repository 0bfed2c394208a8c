CREATE TABLE "tribe_invites" (
	"id" serial PRIMARY KEY NOT NULL,
	"tribe_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"hint" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tribe_members" (
	"tribe_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"world_server" text NOT NULL,
	"world_world" text NOT NULL,
	"role" text NOT NULL,
	"troop_sharing" text DEFAULT 'defensive' NOT NULL,
	"player_name" text,
	"joined_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tribe_members_tribe_id_user_id_pk" PRIMARY KEY("tribe_id","user_id"),
	CONSTRAINT "tribe_members_role_check" CHECK ("tribe_members"."role" in ('leader', 'coordinator', 'member')),
	CONSTRAINT "tribe_members_sharing_check" CHECK ("tribe_members"."troop_sharing" in ('none', 'defensive', 'all'))
);
--> statement-breakpoint
CREATE TABLE "tribes" (
	"id" serial PRIMARY KEY NOT NULL,
	"world_server" text NOT NULL,
	"world_world" text NOT NULL,
	"name" text NOT NULL,
	"tag" text NOT NULL,
	"tag_key" text NOT NULL,
	"game_ally_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tribe_invites" ADD CONSTRAINT "tribe_invites_tribe_id_tribes_id_fk" FOREIGN KEY ("tribe_id") REFERENCES "public"."tribes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tribe_invites" ADD CONSTRAINT "tribe_invites_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tribe_members" ADD CONSTRAINT "tribe_members_tribe_id_tribes_id_fk" FOREIGN KEY ("tribe_id") REFERENCES "public"."tribes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tribe_members" ADD CONSTRAINT "tribe_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tribe_invites_code_idx" ON "tribe_invites" USING btree ("code_hash");--> statement-breakpoint
CREATE INDEX "tribe_invites_tribe_idx" ON "tribe_invites" USING btree ("tribe_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tribe_members_user_world_idx" ON "tribe_members" USING btree ("user_id","world_server","world_world");--> statement-breakpoint
CREATE UNIQUE INDEX "tribe_members_one_leader_idx" ON "tribe_members" USING btree ("tribe_id") WHERE role = 'leader';--> statement-breakpoint
CREATE UNIQUE INDEX "tribes_world_tag_idx" ON "tribes" USING btree ("world_server","world_world","tag_key");