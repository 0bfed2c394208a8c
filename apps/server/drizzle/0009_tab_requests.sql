CREATE TABLE "tab_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text NOT NULL,
	"attack_id" integer,
	"dsbot_id" integer,
	"reason" text,
	"message" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "tab_requests_kind_check" CHECK ("tab_requests"."kind" in ('attack', 'player'))
);
--> statement-breakpoint
ALTER TABLE "tab_requests" ADD CONSTRAINT "tab_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tab_requests" ADD CONSTRAINT "tab_requests_attack_id_attacks_id_fk" FOREIGN KEY ("attack_id") REFERENCES "public"."attacks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tab_requests" ADD CONSTRAINT "tab_requests_dsbot_id_dsbots_id_fk" FOREIGN KEY ("dsbot_id") REFERENCES "public"."dsbots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tab_requests_attack_id_idx" ON "tab_requests" USING btree ("attack_id");--> statement-breakpoint
CREATE INDEX "tab_requests_user_open_idx" ON "tab_requests" USING btree ("user_id","done_at","id");