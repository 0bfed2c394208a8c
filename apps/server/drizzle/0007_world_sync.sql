ALTER TABLE "worlds" ADD COLUMN "sync_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "worlds" ADD COLUMN "sync_due_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "worlds_sync_due_idx" ON "worlds" USING btree ("sync_due_at");