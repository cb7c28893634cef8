// Entries older than AUDIT_RETENTION_DAYS go, in a recurring job on the one job queue, so with
// several app servers the log is still pruned once per run.
import type { Db } from "../../db/database.js";
import type { JobHandlers } from "../../jobs/queue.js";
import { deleteEntriesBefore } from "./data.js";

export const PRUNE_AUDIT_EVENTS = "audit.prune";
const PRUNE_EVERY_MS = 6 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
// Deleted a batch at a time, so a first run over years of history never holds one huge transaction.
const BATCH = 10_000;

/** Deletes every entry older than `days` days before `now`; returns how many went. */
export async function pruneAuditEvents(db: Db, now: Date, days: number): Promise<number> {
  const before = new Date(now.getTime() - days * DAY_MS);
  let deleted = 0;
  for (;;) {
    const n = await deleteEntriesBefore(db, before, BATCH);
    deleted += n;
    if (n < BATCH) return deleted;
  }
}

export function auditJobHandlers(retentionDays: number): JobHandlers {
  return {
    [PRUNE_AUDIT_EVENTS]: {
      everyMs: PRUNE_EVERY_MS,
      async run(_payload, { db, now, logger }) {
        const deleted = await pruneAuditEvents(db, now, retentionDays);
        if (deleted) logger.info({ deleted, retentionDays }, "pruned old audit entries");
      },
    },
  };
}
