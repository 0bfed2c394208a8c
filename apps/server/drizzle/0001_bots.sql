CREATE TABLE "device_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"device_code_hash" text NOT NULL,
	"user_code" text NOT NULL,
	"runner_name" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"user_id" integer,
	"runner_token_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_polled_at" timestamp with time zone,
	CONSTRAINT "device_codes_device_code_hash_unique" UNIQUE("device_code_hash"),
	CONSTRAINT "device_codes_user_code_unique" UNIQUE("user_code"),
	CONSTRAINT "device_codes_status_check" CHECK ("device_codes"."status" in ('pending', 'approved', 'denied', 'consumed'))
);
--> statement-breakpoint
CREATE TABLE "dsbot_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"dsbot_id" integer NOT NULL,
	"level" text NOT NULL,
	"message" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dsbot_permissions" (
	"dsbot_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"granted_by" integer,
	CONSTRAINT "dsbot_permissions_dsbot_id_user_id_pk" PRIMARY KEY("dsbot_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "dsbots" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"player_name" text NOT NULL,
	"world_server" text NOT NULL,
	"world_world" text NOT NULL,
	"status" text,
	"modules" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dsbots_status_check" CHECK ("dsbots"."status" in ('online', 'offline', 'paused', 'starting', 'stopping'))
);
--> statement-breakpoint
CREATE TABLE "runner_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "runner_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "websocket_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"origin" text NOT NULL,
	"dsbot_id" integer NOT NULL,
	"runner_token_id" integer NOT NULL,
	"socket_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "websocket_connections_origin_check" CHECK ("websocket_connections"."origin" in ('bot', 'bot-user'))
);
--> statement-breakpoint
ALTER TABLE "device_codes" ADD CONSTRAINT "device_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_codes" ADD CONSTRAINT "device_codes_runner_token_id_runner_tokens_id_fk" FOREIGN KEY ("runner_token_id") REFERENCES "public"."runner_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsbot_logs" ADD CONSTRAINT "dsbot_logs_dsbot_id_dsbots_id_fk" FOREIGN KEY ("dsbot_id") REFERENCES "public"."dsbots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsbot_logs" ADD CONSTRAINT "dsbot_logs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsbot_permissions" ADD CONSTRAINT "dsbot_permissions_dsbot_id_dsbots_id_fk" FOREIGN KEY ("dsbot_id") REFERENCES "public"."dsbots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsbot_permissions" ADD CONSTRAINT "dsbot_permissions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsbot_permissions" ADD CONSTRAINT "dsbot_permissions_granted_by_users_id_fk" FOREIGN KEY ("granted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dsbots" ADD CONSTRAINT "dsbots_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "runner_tokens" ADD CONSTRAINT "runner_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "websocket_connections" ADD CONSTRAINT "websocket_connections_dsbot_id_dsbots_id_fk" FOREIGN KEY ("dsbot_id") REFERENCES "public"."dsbots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "websocket_connections" ADD CONSTRAINT "websocket_connections_runner_token_id_runner_tokens_id_fk" FOREIGN KEY ("runner_token_id") REFERENCES "public"."runner_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_codes_expires_at_idx" ON "device_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "dsbot_logs_dsbot_id_id_idx" ON "dsbot_logs" USING btree ("dsbot_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "dsbot_permissions_user_id_idx" ON "dsbot_permissions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "dsbots_owner_id_idx" ON "dsbots" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "runner_tokens_user_id_idx" ON "runner_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "websocket_connections_dsbot_id_idx" ON "websocket_connections" USING btree ("dsbot_id");--> statement-breakpoint
CREATE INDEX "websocket_connections_socket_id_idx" ON "websocket_connections" USING btree ("socket_id");--> statement-breakpoint
CREATE INDEX "websocket_connections_runner_token_id_idx" ON "websocket_connections" USING btree ("runner_token_id");