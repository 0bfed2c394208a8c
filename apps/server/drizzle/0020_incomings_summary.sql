CREATE TABLE "incoming_versions" (
	"scope" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "incomings" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower(coalesce(attacker_name, '') || ' ' || coalesce(attacker_tribe, '') || ' ' || coalesce(origin_name, '') || ' ' || coalesce(target_name, '') || ' ' || coalesce(tag, '') || ' ' || origin_x || '|' || origin_y || ' ' || target_x || '|' || target_y)) STORED NOT NULL;--> statement-breakpoint
CREATE FUNCTION "incoming_versions_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "incoming_versions" ("scope", "version")
  SELECT DISTINCT CASE WHEN "dsbot_id" IS NOT NULL THEN 'b:' || "dsbot_id" ELSE 'u:' || "user_id" END, 1 FROM "changed_rows"
  ORDER BY 1
  ON CONFLICT ("scope") DO UPDATE SET "version" = "incoming_versions"."version" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "incomings_versions_insert" AFTER INSERT ON "incomings" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "incoming_versions_bump"();
--> statement-breakpoint
CREATE TRIGGER "incomings_versions_update" AFTER UPDATE ON "incomings" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "incoming_versions_bump"();
--> statement-breakpoint
CREATE TRIGGER "incomings_versions_delete" AFTER DELETE ON "incomings" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "incoming_versions_bump"();
