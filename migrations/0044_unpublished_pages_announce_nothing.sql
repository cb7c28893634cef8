-- Hand-written. A listing's publication row is made, unpublished, the first time anyone opens
-- its page settings (server/features/public-page/publication.ts): a read. Announcing that insert
-- as a change of the listing made every open screen of every teammate read its listings again,
-- for a row that changes nothing anyone sees. An insert now announces only rows that are already
-- published (none the app makes; a restore's or a test's); every change to a row still announces.
CREATE FUNCTION app_publications_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM app_change_notify('listings', (SELECT jsonb_agg(DISTINCT listing_id) FROM new_rows WHERE published), false);
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER publications_changed_ins ON listing_publications;
--> statement-breakpoint
CREATE TRIGGER publications_changed_ins AFTER INSERT ON listing_publications REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_publications_inserted();
