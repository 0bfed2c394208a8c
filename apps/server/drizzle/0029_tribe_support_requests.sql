CREATE TABLE "tribe_support_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"tribe_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"requested_by" integer,
	"incoming_id" integer,
	"train_id" integer,
	"target_village_id" integer,
	"target_x" smallint NOT NULL,
	"target_y" smallint NOT NULL,
	"target_name" text,
	"attack_arrival_at" timestamp with time zone NOT NULL,
	"needed_by" timestamp with time zone NOT NULL,
	"need" jsonb NOT NULL,
	"helpers" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"withdrawn_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "tribe_support_requests" ADD CONSTRAINT "tribe_support_requests_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tribe_support_requests" ADD CONSTRAINT "tribe_support_requests_incoming_id_incomings_id_fk" FOREIGN KEY ("incoming_id") REFERENCES "public"."incomings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tribe_support_requests" ADD CONSTRAINT "tribe_support_requests_tribe_id_member_id_tribe_members_tribe_id_user_id_fk" FOREIGN KEY ("tribe_id","member_id") REFERENCES "public"."tribe_members"("tribe_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tribe_support_requests_open_idx" ON "tribe_support_requests" USING btree ("tribe_id","target_x","target_y","attack_arrival_at") WHERE withdrawn_at is null;--> statement-breakpoint
CREATE INDEX "tribe_support_requests_tribe_idx" ON "tribe_support_requests" USING btree ("tribe_id","attack_arrival_at");