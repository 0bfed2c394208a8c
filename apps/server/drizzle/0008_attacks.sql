CREATE TABLE "attack_plan_permissions" (
	"plan_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"level" text DEFAULT 'read' NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"granted_by" integer,
	CONSTRAINT "attack_plan_permissions_plan_id_user_id_pk" PRIMARY KEY("plan_id","user_id"),
	CONSTRAINT "attack_plan_permissions_level_check" CHECK ("attack_plan_permissions"."level" in ('read', 'edit'))
);
--> statement-breakpoint
CREATE TABLE "attacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"source_village_id" integer NOT NULL,
	"source_name" text NOT NULL,
	"source_x" smallint NOT NULL,
	"source_y" smallint NOT NULL,
	"attacker_id" integer,
	"attacker_name" text,
	"target_village_id" integer NOT NULL,
	"target_name" text NOT NULL,
	"target_x" smallint NOT NULL,
	"target_y" smallint NOT NULL,
	"defender_id" integer,
	"defender_name" text,
	"type" text NOT NULL,
	"units" jsonb NOT NULL,
	"unit" text NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"arrival_at" timestamp with time zone NOT NULL,
	"priority" smallint NOT NULL,
	"status" text DEFAULT 'planned' NOT NULL,
	"error" text,
	"dsbot_id" integer,
	"real_arrival_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attacks_type_check" CHECK ("attacks"."type" in ('attack', 'conquer', 'fake', 'wallbreaker', 'support', 'fake_support')),
	CONSTRAINT "attacks_status_check" CHECK ("attacks"."status" in ('planned', 'due', 'sent', 'failed', 'expired', 'cancelled')),
	CONSTRAINT "attacks_priority_check" CHECK ("attacks"."priority" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "attack_plan_permissions" ADD CONSTRAINT "attack_plan_permissions_plan_id_attack_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."attack_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attack_plan_permissions" ADD CONSTRAINT "attack_plan_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attack_plan_permissions" ADD CONSTRAINT "attack_plan_permissions_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attacks" ADD CONSTRAINT "attacks_plan_id_attack_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."attack_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "attacks" ADD CONSTRAINT "attacks_dsbot_id_dsbots_id_fk" FOREIGN KEY ("dsbot_id") REFERENCES "public"."dsbots"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attack_plan_permissions_user_id_idx" ON "attack_plan_permissions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "attacks_plan_send_idx" ON "attacks" USING btree ("plan_id","send_at","id");--> statement-breakpoint
CREATE INDEX "attacks_plan_arrival_idx" ON "attacks" USING btree ("plan_id","arrival_at","id");--> statement-breakpoint
CREATE INDEX "attacks_plan_attacker_idx" ON "attacks" USING btree ("plan_id","attacker_name","id");--> statement-breakpoint
CREATE INDEX "attacks_plan_defender_idx" ON "attacks" USING btree ("plan_id","defender_name","id");--> statement-breakpoint
CREATE INDEX "attacks_plan_source_idx" ON "attacks" USING btree ("plan_id","source_x","source_y","id");--> statement-breakpoint
CREATE INDEX "attacks_plan_target_idx" ON "attacks" USING btree ("plan_id","target_x","target_y","id");--> statement-breakpoint
CREATE INDEX "attacks_plan_status_idx" ON "attacks" USING btree ("plan_id","status");--> statement-breakpoint
CREATE INDEX "attacks_open_send_idx" ON "attacks" USING btree ("send_at") WHERE "attacks"."status" in ('planned', 'due');