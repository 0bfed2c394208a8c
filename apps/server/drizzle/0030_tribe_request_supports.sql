CREATE TABLE "tribe_request_supports" (
	"request_id" integer NOT NULL,
	"attack_id" integer NOT NULL,
	"tribe_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"planned_by" integer,
	"planned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tribe_request_supports_request_id_attack_id_pk" PRIMARY KEY("request_id","attack_id")
);
--> statement-breakpoint
ALTER TABLE "tribe_members" ADD COLUMN "defence_plan_id" integer;--> statement-breakpoint
ALTER TABLE "tribe_request_supports" ADD CONSTRAINT "tribe_request_supports_request_id_tribe_support_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."tribe_support_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tribe_request_supports" ADD CONSTRAINT "tribe_request_supports_attack_id_attacks_id_fk" FOREIGN KEY ("attack_id") REFERENCES "public"."attacks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tribe_request_supports" ADD CONSTRAINT "tribe_request_supports_planned_by_users_id_fk" FOREIGN KEY ("planned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tribe_request_supports" ADD CONSTRAINT "tribe_request_supports_tribe_id_member_id_tribe_members_tribe_id_user_id_fk" FOREIGN KEY ("tribe_id","member_id") REFERENCES "public"."tribe_members"("tribe_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "tribe_request_supports_attack_idx" ON "tribe_request_supports" USING btree ("attack_id");--> statement-breakpoint
ALTER TABLE "tribe_members" ADD CONSTRAINT "tribe_members_defence_plan_id_attack_plans_id_fk" FOREIGN KEY ("defence_plan_id") REFERENCES "public"."attack_plans"("id") ON DELETE set null ON UPDATE no action;