CREATE TABLE "troop_versions" (
	"scope" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE FUNCTION "troop_versions_bump_bot"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "troop_versions" ("scope", "version")
  SELECT DISTINCT 'b:' || "dsbot_id", 1 FROM "changed_rows"
  ORDER BY 1
  ON CONFLICT ("scope") DO UPDATE SET "version" = "troop_versions"."version" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "troop_versions_bump_user"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "troop_versions" ("scope", "version")
  SELECT DISTINCT 'u:' || "user_id", 1 FROM "changed_rows"
  ORDER BY 1
  ON CONFLICT ("scope") DO UPDATE SET "version" = "troop_versions"."version" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "bot_troops_versions_insert" AFTER INSERT ON "bot_troops" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "troop_versions_bump_bot"();
--> statement-breakpoint
CREATE TRIGGER "bot_troops_versions_update" AFTER UPDATE ON "bot_troops" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "troop_versions_bump_bot"();
--> statement-breakpoint
CREATE TRIGGER "bot_troops_versions_delete" AFTER DELETE ON "bot_troops" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "troop_versions_bump_bot"();
--> statement-breakpoint
CREATE TRIGGER "bot_villages_versions_insert" AFTER INSERT ON "bot_villages" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "troop_versions_bump_bot"();
--> statement-breakpoint
CREATE TRIGGER "bot_villages_versions_update" AFTER UPDATE ON "bot_villages" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "troop_versions_bump_bot"();
--> statement-breakpoint
CREATE TRIGGER "bot_villages_versions_delete" AFTER DELETE ON "bot_villages" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "troop_versions_bump_bot"();
--> statement-breakpoint
CREATE TRIGGER "pasted_troops_versions_insert" AFTER INSERT ON "pasted_troops" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "troop_versions_bump_user"();
--> statement-breakpoint
CREATE TRIGGER "pasted_troops_versions_update" AFTER UPDATE ON "pasted_troops" REFERENCING NEW TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "troop_versions_bump_user"();
--> statement-breakpoint
CREATE TRIGGER "pasted_troops_versions_delete" AFTER DELETE ON "pasted_troops" REFERENCING OLD TABLE AS "changed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "troop_versions_bump_user"();
