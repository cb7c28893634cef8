-- Audit entries keep their actor's id without a foreign key, as they keep a listing's id: the log
-- outlives what it names, and a bulk action's entries skip one key check each (docs/decisions/214).
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_actor_id_users_id_fk";
