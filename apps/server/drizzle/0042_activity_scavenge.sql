ALTER TABLE "bot_activity" ADD COLUMN "scavenge_squads" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bot_activity" ADD COLUMN "scavenge_haul" bigint DEFAULT 0 NOT NULL;