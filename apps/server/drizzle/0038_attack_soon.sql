CREATE TABLE "attack_soon_alerts" (
	"user_id" integer NOT NULL,
	"attack_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "attack_soon_alerts_user_id_attack_key_pk" PRIMARY KEY("user_id","attack_key")
);
--> statement-breakpoint
ALTER TABLE "alert_rules" ADD COLUMN "lead_minutes" smallint;--> statement-breakpoint
ALTER TABLE "attack_soon_alerts" ADD CONSTRAINT "attack_soon_alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "attack_soon_alerts_created_idx" ON "attack_soon_alerts" USING btree ("created_at");--> statement-breakpoint
-- "attack-soon" and "tab-request-due" are off until their user switches them on (every incoming, every
-- tab request would be a message otherwise).
CREATE OR REPLACE FUNCTION "alert_enqueue"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  rule_enabled boolean := true;
  rule_channels integer[] := null;
  rule_gap integer := 60;
  quiet record;
  at timestamptz := coalesce(NEW.created_at, now());
  minute integer;
BEGIN
  IF NEW.alert_event IS NULL THEN RETURN NULL; END IF;
  SELECT r.enabled, r.channel_ids, r.min_gap_seconds INTO rule_enabled, rule_channels, rule_gap
    FROM alert_rules r WHERE r.user_id = NEW.user_id AND r.event = NEW.alert_event;
  IF NOT FOUND THEN rule_enabled := NEW.alert_event NOT IN ('attack-soon', 'tab-request-due'); rule_channels := null; rule_gap := 60; END IF;
  IF NOT rule_enabled THEN RETURN NULL; END IF;
  IF NEW.alert_event NOT IN ('noble-train', 'bot-protection') THEN
    SELECT s.quiet_from, s.quiet_to, s.zone INTO quiet FROM alert_settings s WHERE s.user_id = NEW.user_id;
    IF FOUND AND quiet.quiet_from IS NOT NULL AND quiet.quiet_to IS NOT NULL THEN
      minute := extract(hour FROM at AT TIME ZONE quiet.zone)::integer * 60 + extract(minute FROM at AT TIME ZONE quiet.zone)::integer;
      IF (quiet.quiet_from < quiet.quiet_to AND minute >= quiet.quiet_from AND minute < quiet.quiet_to)
        OR (quiet.quiet_from > quiet.quiet_to AND (minute >= quiet.quiet_from OR minute < quiet.quiet_to)) THEN
        RETURN NULL;
      END IF;
    END IF;
  END IF;
  INSERT INTO alert_outbox (channel_id, idempotency_key, message, created_at)
  SELECT c.id, 'notification:' || NEW.id,
    jsonb_build_object('event', NEW.alert_event, 'title', NEW.title, 'text', NEW.message, 'link', null, 'about', NEW.link), at
  FROM alert_channels c
  WHERE c.user_id = NEW.user_id AND c.enabled AND (rule_channels IS NULL OR c.id = ANY(rule_channels))
    AND NOT EXISTS (
      SELECT 1 FROM alert_outbox o
      WHERE o.channel_id = c.id AND o.message ->> 'event' = NEW.alert_event AND o.created_at > at - make_interval(secs => rule_gap)
    )
  ON CONFLICT (channel_id, idempotency_key) DO NOTHING;
  RETURN NULL;
END
$$;
