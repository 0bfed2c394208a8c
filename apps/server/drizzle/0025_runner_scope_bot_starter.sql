ALTER TABLE "device_codes" ADD COLUMN "scope" text DEFAULT 'runner' NOT NULL;--> statement-breakpoint
ALTER TABLE "dsbots" ADD COLUMN "started_by_runner_token_id" integer;--> statement-breakpoint
ALTER TABLE "runner_tokens" ADD COLUMN "scope" text DEFAULT 'runner' NOT NULL;--> statement-breakpoint
ALTER TABLE "dsbots" ADD CONSTRAINT "dsbots_started_by_runner_token_id_runner_tokens_id_fk" FOREIGN KEY ("started_by_runner_token_id") REFERENCES "public"."runner_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_codes" ADD CONSTRAINT "device_codes_scope_check" CHECK ("device_codes"."scope" in ('runner', 'userscript'));--> statement-breakpoint
ALTER TABLE "runner_tokens" ADD CONSTRAINT "runner_tokens_scope_check" CHECK ("runner_tokens"."scope" in ('runner', 'userscript'));--> statement-breakpoint
-- Bots running while this migration runs keep their runner: the token of their bot socket (the rows
-- of the instance being replaced are still there, see bot-startup.ts), so they resume after the deploy.
UPDATE "dsbots" SET "started_by_runner_token_id" = (
	SELECT "runner_token_id" FROM "websocket_connections"
	WHERE "websocket_connections"."dsbot_id" = "dsbots"."id" AND "websocket_connections"."origin" = 'bot'
	ORDER BY "websocket_connections"."id" DESC LIMIT 1
) WHERE "status" IN ('starting', 'online', 'paused', 'stopping');
