// The one writer of the audit_events table: sign-ins, lockouts, role changes, listing edits...
// Every feature that records who did what calls this, inside its own transaction when the event
// must stand or fall with the change it describes.
import { auditEvents } from "../../db/tables.js";
import type { Db, Tx } from "../../db/database.js";

export interface AuditEvent {
  /** What happened, "<feature>.<event>", e.g. "auth.sign-in". */
  kind: string;
  /** Who did it, when known (null for anonymous requests). */
  actorId?: number | null;
  listingId?: string | null;
  /** The client address the request came from (as Express derives it). */
  address?: string | null;
  /** Anything else worth keeping, small and JSON-shaped. */
  data?: Record<string, unknown> | null;
}

export async function recordAuditEvent(db: Db | Tx, event: AuditEvent): Promise<void> {
  await db.insert(auditEvents).values({
    kind: event.kind,
    actorId: event.actorId ?? null,
    listingId: event.listingId ?? null,
    address: event.address ?? null,
    data: event.data ?? null,
  });
}
