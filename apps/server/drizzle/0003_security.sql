-- Usernames get one case-insensitive key computed by the application (protocol `usernameKey`): the
-- database's lower() follows its locale and disagreed with JavaScript for names like "İbrahim". The
-- key below is a first approximation; the server recomputes every key in JS at start.
ALTER TABLE "users" ADD COLUMN "username_key" text;--> statement-breakpoint
UPDATE "users" SET "username_key" = lower(normalize("username", NFKC));--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "username_key" SET NOT NULL;--> statement-breakpoint
DROP INDEX "users_username_lower_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key_idx" ON "users" USING btree ("username_key");--> statement-breakpoint
-- Failed logins only matter for five minutes: the table is simply made again with the new key column.
DROP TABLE "login_attempts";--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"username_key" text NOT NULL,
	"ip" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "login_attempts_key_idx" ON "login_attempts" USING btree ("username_key","ip","created_at");--> statement-breakpoint
CREATE INDEX "login_attempts_created_at_idx" ON "login_attempts" USING btree ("created_at");--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"hits" integer NOT NULL
);--> statement-breakpoint
CREATE INDEX "rate_limits_window_start_idx" ON "rate_limits" USING btree ("window_start");
--> statement-breakpoint
ALTER TABLE "device_codes" ADD COLUMN "requested_by_ip" text;--> statement-breakpoint
CREATE INDEX "device_codes_requested_by_ip_idx" ON "device_codes" USING btree ("requested_by_ip","expires_at");
