-- Every commit that changes what a tribe's access statement reads (apps/server/src/modules/tribes/
-- tribe-board-reads.ts: the tribe, its members and their names, their bots on its world, the versions
-- of their incomings and troops) notifies "dsbot_tribe_access", if the session asked for it: the
-- embedded database's one connection does (apps/server/src/db/change-clock.ts) and keeps the statement's
-- answers between such commits. PostgreSQL's pools do not: a NOTIFY serialises committing transactions.
CREATE FUNCTION "dsbot_tribe_access_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('dsbot.tribe_access_notify', true) = 'on' THEN
    PERFORM pg_notify('dsbot_tribe_access', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tribes_access_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tribes" FOR EACH STATEMENT EXECUTE FUNCTION "dsbot_tribe_access_changed"();
--> statement-breakpoint
CREATE TRIGGER "tribe_members_access_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tribe_members" FOR EACH STATEMENT EXECUTE FUNCTION "dsbot_tribe_access_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_access_changed" AFTER UPDATE OF "username" OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "dsbot_tribe_access_changed"();
--> statement-breakpoint
CREATE TRIGGER "dsbots_access_changed" AFTER INSERT OR UPDATE OF "owner_id", "player_name", "world_server", "world_world" OR DELETE OR TRUNCATE ON "dsbots" FOR EACH STATEMENT EXECUTE FUNCTION "dsbot_tribe_access_changed"();
--> statement-breakpoint
CREATE TRIGGER "incoming_versions_access_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "incoming_versions" FOR EACH STATEMENT EXECUTE FUNCTION "dsbot_tribe_access_changed"();
--> statement-breakpoint
CREATE TRIGGER "troop_versions_access_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "troop_versions" FOR EACH STATEMENT EXECUTE FUNCTION "dsbot_tribe_access_changed"();
