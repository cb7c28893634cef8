-- Hand-written (a custom migration: no table changes). The buyer's room answers from memory
-- (docs/guides/deal-room.md, "The room page from memory"): a version scope "room" steps at the
-- commit of any change to what a room page shows or who may see it — grants (a revocation, an
-- approval, a closed deal's trigger), the room's rules, documents and their versions — and is
-- announced as every version is (migrations/0010_versions_in_the_database.sql). Only a version:
-- no change NOTIFY, as nothing in the browser follows it. Views and downloads (room_activity)
-- do not step it.
CREATE FUNCTION app_room_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO app_version_marks (scope) VALUES ('room');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER room_grants_version AFTER INSERT OR UPDATE OR DELETE ON room_grants FOR EACH STATEMENT EXECUTE FUNCTION app_room_changed();--> statement-breakpoint
CREATE TRIGGER room_rules_version AFTER INSERT OR UPDATE OR DELETE ON room_rules FOR EACH STATEMENT EXECUTE FUNCTION app_room_changed();--> statement-breakpoint
CREATE TRIGGER listing_documents_version AFTER INSERT OR UPDATE OR DELETE ON listing_documents FOR EACH STATEMENT EXECUTE FUNCTION app_room_changed();--> statement-breakpoint
CREATE TRIGGER document_versions_version AFTER INSERT OR UPDATE OR DELETE ON document_versions FOR EACH STATEMENT EXECUTE FUNCTION app_room_changed();
