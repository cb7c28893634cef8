-- Hand-written: an OM's own tables move the freshness token its cached answer is served under
-- (docs/guides/offering-memorandum.md). A listing's saved sections are heard as a change of that
-- listing; the brokerage's defaults as a change of the brand, as the inventory's settings are.
-- Only the sections: the version counter a download raises follows changes already heard.
CREATE FUNCTION app_listing_om_sections_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM app_change_notify('listings', jsonb_build_array(NEW.listing_id), false);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER listing_om_sections_ins AFTER INSERT ON listing_oms FOR EACH ROW WHEN (NEW.sections IS NOT NULL) EXECUTE FUNCTION app_listing_om_sections_changed();
--> statement-breakpoint
CREATE TRIGGER listing_om_sections_upd AFTER UPDATE ON listing_oms FOR EACH ROW WHEN (OLD.sections IS DISTINCT FROM NEW.sections) EXECUTE FUNCTION app_listing_om_sections_changed();
--> statement-breakpoint
CREATE TRIGGER om_defaults_changed AFTER INSERT OR UPDATE ON om_defaults FOR EACH STATEMENT EXECUTE FUNCTION app_brand_changed();
