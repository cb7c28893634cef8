CREATE TABLE "app_version_marks" (
	"scope" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "app_versions" (
	"scope" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- Versions from the database (docs/decisions/239-versions-from-the-database.md). Each statement
-- that changes a versioned scope leaves a mark; at commit a deferred trigger turns the marks of
-- a transaction into one step of each scope's version and announces it on the change channel,
-- after the change itself: {"version": {"scope": "listings", "n": 42}}. The version row is
-- locked only from that trigger to the end of the commit, so writers of one kind never wait for
-- each other's long transactions (an import), and versions rise in commit order.
CREATE FUNCTION app_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  bumped bigint;
BEGIN
  -- Only this transaction's marks are visible: the first of a scope steps it, the rest find none.
  DELETE FROM app_version_marks WHERE scope = NEW.scope;
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  INSERT INTO app_versions AS v (scope, version) VALUES (NEW.scope, 1)
    ON CONFLICT (scope) DO UPDATE SET version = v.version + 1
    RETURNING v.version INTO bumped;
  PERFORM pg_notify('app_changes', jsonb_build_object('version', jsonb_build_object('scope', NEW.scope, 'n', bumped))::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER app_version_bump AFTER INSERT ON app_version_marks
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION app_version_bump();
--> statement-breakpoint
-- As in 0006_change_events.sql, and marks the versioned scopes: the shared kinds as a whole, the
-- per-user kinds per user (as a whole past 100 users, as the NOTIFY says "many").
CREATE OR REPLACE FUNCTION app_change_notify(kind text, ids jsonb, deleted boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR jsonb_array_length(ids) = 0 THEN
    RETURN;
  END IF;
  IF jsonb_array_length(ids) > 100 THEN
    PERFORM pg_notify('app_changes', jsonb_build_object('kind', kind, 'many', true, 'deleted', deleted)::text);
  ELSE
    PERFORM pg_notify('app_changes', jsonb_build_object('kind', kind, 'ids', ids, 'deleted', deleted)::text);
  END IF;
  IF kind IN ('listings', 'notes', 'agents') OR (kind IN ('notifications', 'settings') AND jsonb_array_length(ids) > 100) THEN
    INSERT INTO app_version_marks (scope) VALUES (kind);
  ELSIF kind IN ('notifications', 'settings') THEN
    INSERT INTO app_version_marks (scope) SELECT kind || ':' || id FROM jsonb_array_elements_text(ids) AS id;
  END IF;
END $$;
