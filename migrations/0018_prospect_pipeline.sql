CREATE TABLE "lead_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"follow_up_days" integer DEFAULT 7 NOT NULL,
	CONSTRAINT "lead_settings_one_row" CHECK ("lead_settings"."id" = 1),
	CONSTRAINT "lead_settings_follow_up_days" CHECK ("lead_settings"."follow_up_days" between 1 and 90)
);
--> statement-breakpoint
CREATE TABLE "prospect_digest_choices" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"last_sent_on" date
);
--> statement-breakpoint
ALTER TABLE "prospect_digest_choices" ADD CONSTRAINT "prospect_digest_choices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_prospect_lead_idx" ON "audit_events" USING btree ((("data" ->> 'leadId')::integer),"at") WHERE "audit_events"."kind" like 'listing.prospect-%';--> statement-breakpoint
-- A listing's prospects (lead_listings) changed: heard as "prospects" with the listing's id, so
-- open pipelines, timelines and the Leads page refresh (docs/decisions/306-prospect-pipeline.md).
-- Not a versioned scope: the listing lists' cached versions do not move with a prospect.
CREATE FUNCTION app_prospects_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM app_change_notify('prospects', (SELECT jsonb_agg(DISTINCT listing_id) FROM old_rows), false);
  ELSE
    PERFORM app_change_notify('prospects', (SELECT jsonb_agg(DISTINCT listing_id) FROM new_rows), false);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER prospects_changed_ins AFTER INSERT ON lead_listings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_prospects_changed();--> statement-breakpoint
CREATE TRIGGER prospects_changed_upd AFTER UPDATE ON lead_listings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_prospects_changed();--> statement-breakpoint
CREATE TRIGGER prospects_changed_del AFTER DELETE ON lead_listings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_prospects_changed();
