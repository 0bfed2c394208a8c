ALTER TABLE "tribe_support_requests" ADD COLUMN "closed_told_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "tribe_support_requests_untold_idx" ON "tribe_support_requests" USING btree ("attack_arrival_at") WHERE closed_told_at is null and withdrawn_at is null;--> statement-breakpoint
-- Requests that landed before this column existed were seen on their page: nothing to tell about them.
UPDATE "tribe_support_requests" SET "closed_told_at" = "attack_arrival_at" WHERE "attack_arrival_at" <= now();
