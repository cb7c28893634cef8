-- Change events (docs/decisions/180-change-events-from-the-database.md): every committed write to
-- these tables publishes one NOTIFY per statement on the channel "app_changes", with the ids it
-- touched. NOTIFY is delivered at commit, so a rolled-back write publishes nothing, and every app
-- server LISTENing on the database hears it. Payloads stay far below the 8000-byte limit: past
-- 100 ids a statement sends {"many": true} and listeners treat the whole kind as changed.
CREATE FUNCTION app_change_notify(kind text, ids jsonb, deleted boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF ids IS NULL OR jsonb_array_length(ids) = 0 THEN
    RETURN;
  END IF;
  IF jsonb_array_length(ids) > 100 THEN
    PERFORM pg_notify('app_changes', jsonb_build_object('kind', kind, 'many', true, 'deleted', deleted)::text);
  ELSE
    PERFORM pg_notify('app_changes', jsonb_build_object('kind', kind, 'ids', ids, 'deleted', deleted)::text);
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION app_listings_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM app_change_notify('listings', (SELECT jsonb_agg(DISTINCT id) FROM old_rows), true);
  ELSE
    PERFORM app_change_notify('listings', (SELECT jsonb_agg(DISTINCT id) FROM new_rows), false);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION app_notes_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM app_change_notify('notes', (SELECT jsonb_agg(DISTINCT listing_id) FROM old_rows), false);
  ELSE
    PERFORM app_change_notify('notes', (SELECT jsonb_agg(DISTINCT listing_id) FROM new_rows), false);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION app_agents_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM app_change_notify('agents', (SELECT jsonb_agg(DISTINCT id) FROM old_rows), true);
  ELSE
    PERFORM app_change_notify('agents', (SELECT jsonb_agg(DISTINCT id) FROM new_rows), false);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Notifications and settings name their user: a stream passes them only to that user.
CREATE FUNCTION app_user_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM app_change_notify(TG_ARGV[0], (SELECT jsonb_agg(DISTINCT user_id) FROM old_rows), false);
  ELSE
    PERFORM app_change_notify(TG_ARGV[0], (SELECT jsonb_agg(DISTINCT user_id) FROM new_rows), false);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Users: only what a session shows or is judged by (decision 105); a sign-in's last_sign_in_at
-- stamp is not a change anyone must hear about.
CREATE FUNCTION app_users_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM app_change_notify('users', (SELECT jsonb_agg(DISTINCT id) FROM old_rows), true);
  ELSIF TG_OP = 'INSERT' THEN
    PERFORM app_change_notify('users', (SELECT jsonb_agg(DISTINCT id) FROM new_rows), false);
  ELSE
    PERFORM app_change_notify('users', (
      SELECT jsonb_agg(DISTINCT n.id) FROM new_rows n JOIN old_rows o ON o.id = n.id
      WHERE (o.username, o.email, o.password, o.is_admin, o.is_active, o.session_epoch)
        IS DISTINCT FROM (n.username, n.email, n.password, n.is_admin, n.is_active, n.session_epoch)
    ), false);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Sessions: a session ended or rewritten on one server must not live on in another's cache.
CREATE FUNCTION app_sessions_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM app_change_notify('sessions', (SELECT jsonb_agg(DISTINCT sid) FROM old_rows), true);
  ELSE
    PERFORM app_change_notify('sessions', (SELECT jsonb_agg(DISTINCT sid) FROM new_rows), false);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER listings_changed_ins AFTER INSERT ON listings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_listings_changed();--> statement-breakpoint
CREATE TRIGGER listings_changed_upd AFTER UPDATE ON listings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_listings_changed();--> statement-breakpoint
CREATE TRIGGER listings_changed_del AFTER DELETE ON listings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_listings_changed();--> statement-breakpoint
CREATE TRIGGER notes_changed_ins AFTER INSERT ON listing_notes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_notes_changed();--> statement-breakpoint
CREATE TRIGGER notes_changed_upd AFTER UPDATE ON listing_notes REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_notes_changed();--> statement-breakpoint
CREATE TRIGGER notes_changed_del AFTER DELETE ON listing_notes REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_notes_changed();--> statement-breakpoint
CREATE TRIGGER agents_changed_ins AFTER INSERT ON agents REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_agents_changed();--> statement-breakpoint
CREATE TRIGGER agents_changed_upd AFTER UPDATE ON agents REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_agents_changed();--> statement-breakpoint
CREATE TRIGGER agents_changed_del AFTER DELETE ON agents REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_agents_changed();--> statement-breakpoint
CREATE TRIGGER notifications_changed_ins AFTER INSERT ON notifications REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_user_rows_changed('notifications');--> statement-breakpoint
CREATE TRIGGER notifications_changed_upd AFTER UPDATE ON notifications REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_user_rows_changed('notifications');--> statement-breakpoint
CREATE TRIGGER notifications_changed_del AFTER DELETE ON notifications REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_user_rows_changed('notifications');--> statement-breakpoint
CREATE TRIGGER settings_changed_ins AFTER INSERT ON settings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_user_rows_changed('settings');--> statement-breakpoint
CREATE TRIGGER settings_changed_upd AFTER UPDATE ON settings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_user_rows_changed('settings');--> statement-breakpoint
CREATE TRIGGER settings_changed_del AFTER DELETE ON settings REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_user_rows_changed('settings');--> statement-breakpoint
CREATE TRIGGER users_changed_ins AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_users_changed();--> statement-breakpoint
CREATE TRIGGER users_changed_upd AFTER UPDATE ON users REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_users_changed();--> statement-breakpoint
CREATE TRIGGER users_changed_del AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_users_changed();--> statement-breakpoint
CREATE TRIGGER sessions_changed_upd AFTER UPDATE ON sessions REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_sessions_changed();--> statement-breakpoint
CREATE TRIGGER sessions_changed_del AFTER DELETE ON sessions REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION app_sessions_changed();
