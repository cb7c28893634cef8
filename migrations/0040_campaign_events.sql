-- A campaign or one of its recipients changed (a status move, a message sent, a bounce, a click):
-- heard as "campaigns" with the campaigns' ids, so an open Campaigns page and a listing's
-- marketing panel read their counts again from the event stream instead of polling. The event
-- hub sends at most one "campaigns" event a second, however fast a campaign sends.
-- Not a versioned scope: no cached page shows campaigns.
CREATE FUNCTION app_campaigns_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'campaigns' THEN
    IF TG_OP = 'DELETE' THEN
      PERFORM app_change_notify('campaigns', (SELECT jsonb_agg(DISTINCT id) FROM old_rows), true);
    ELSE
      PERFORM app_change_notify('campaigns', (SELECT jsonb_agg(DISTINCT id) FROM new_rows), false);
    END IF;
  ELSE
    PERFORM app_change_notify('campaigns', (SELECT jsonb_agg(DISTINCT campaign_id) FROM new_rows), false);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER campaigns_changed_ins AFTER INSERT ON campaigns REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_campaigns_changed();--> statement-breakpoint
CREATE TRIGGER campaigns_changed_upd AFTER UPDATE ON campaigns REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_campaigns_changed();--> statement-breakpoint
CREATE TRIGGER campaigns_changed_del AFTER DELETE ON campaigns REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_campaigns_changed();--> statement-breakpoint
CREATE TRIGGER campaign_recipients_changed_ins AFTER INSERT ON campaign_recipients REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_campaigns_changed();--> statement-breakpoint
CREATE TRIGGER campaign_recipients_changed_upd AFTER UPDATE ON campaign_recipients REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_campaigns_changed();
