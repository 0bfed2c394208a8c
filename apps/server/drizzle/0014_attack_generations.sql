-- Issue 19: a plan's attacks are the rows of its visible generations; big writes publish with one plan update.
DROP INDEX "attacks_plan_send_idx";--> statement-breakpoint
DROP INDEX "attacks_plan_arrival_idx";--> statement-breakpoint
DROP INDEX "attacks_plan_attacker_idx";--> statement-breakpoint
DROP INDEX "attacks_plan_defender_idx";--> statement-breakpoint
DROP INDEX "attacks_plan_source_idx";--> statement-breakpoint
DROP INDEX "attacks_plan_target_idx";--> statement-breakpoint
DROP INDEX "attacks_plan_status_idx";--> statement-breakpoint
ALTER TABLE "attack_plans" ADD COLUMN "visible_from" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attack_plans" ADD COLUMN "visible_to" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "attack_plans" ADD COLUMN "write_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attacks" ADD COLUMN "generation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "attacks_plan_send_idx" ON "attacks" USING btree ("plan_id","send_at","id","status","generation");--> statement-breakpoint
CREATE INDEX "attacks_plan_arrival_idx" ON "attacks" USING btree ("plan_id","arrival_at","id","generation");--> statement-breakpoint
CREATE INDEX "attacks_plan_attacker_idx" ON "attacks" USING btree ("plan_id","attacker_name","id","generation");--> statement-breakpoint
CREATE INDEX "attacks_plan_defender_idx" ON "attacks" USING btree ("plan_id","defender_name","id","generation");--> statement-breakpoint
CREATE INDEX "attacks_plan_source_idx" ON "attacks" USING btree ("plan_id","source_x","source_y","id","generation");--> statement-breakpoint
CREATE INDEX "attacks_plan_target_idx" ON "attacks" USING btree ("plan_id","target_x","target_y","id","generation");--> statement-breakpoint
CREATE INDEX "attacks_plan_status_idx" ON "attacks" USING btree ("plan_id","status","generation");