// Bulk edit: the rules a single edit checks against the stored listing, checked for every
// selected listing before anything changes; and its undo.
import { FACT_MESSAGES } from "../../../shared/listing-facts.js";
import type { Db } from "../../db/database.js";
import { badRequest, conflict, forbidden, notFound } from "../../http/http-error.js";
import { fieldChanges, recordActionWithChanges, recordedActionForUndo, type Changes } from "../audit/service.js";
import { countListedAfter, lockListingFields, setListingFields, updateListingsByIds } from "./data.js";
import type { BulkUpdates } from "./rules.js";

export { parseBulkEdit } from "./rules.js";

const EDITED = { action: "bulk.edited", perListing: "listing.bulk-edited" } as const;
const UNDONE = { action: "bulk.edit-undone", perListing: "listing.bulk-edit-undone" } as const;

export interface BulkEditResult {
  updated: number;
  /** The bulk edit's entry in the activity log: what POST /api/listings/bulk/:id/undo undoes. */
  bulkActionId: number;
}

/**
 * One log entry for the bulk edit (what it set, on how many), and one per listing pointing at it
 * with that listing's own before → after, which is what an undo restores.
 */
export async function bulkEditListings(db: Db, ids: string[], updates: BulkUpdates, actorId: number | null): Promise<BulkEditResult> {
  return db.transaction(async (tx) => {
    if (updates.expirationDate) {
      const early = await countListedAfter(tx, ids, updates.expirationDate);
      if (early > 0) {
        const which = early === 1 ? "1 of the selected listings was" : `${early.toLocaleString("en-US")} of the selected listings were`;
        const message = `${FACT_MESSAGES.expirationBeforeListing} (${which} listed after it)`;
        throw badRequest(message, { expirationDate: message });
      }
    }
    const before = await lockListingFields(tx, ids, Object.keys(updates));
    const updated = await updateListingsByIds(tx, ids, updates, actorId);
    const bulkActionId = await recordActionWithChanges(tx, {
      kind: EDITED.action,
      perListingKind: EDITED.perListing,
      actorId,
      data: { count: updated.length, updates },
      listings: updated.map((listingId) => ({ listingId, changes: fieldChanges(before.get(listingId) ?? {}, updates) })),
    });
    return { updated: updated.length, bulkActionId };
  });
}

export interface UndoResult {
  /** Listings whose fields went back to what they held before the bulk edit. */
  restored: number;
  /** Listings left alone: deleted since, or one of the edited fields changed since. */
  skipped: number;
}

/**
 * Puts back what a bulk edit overwrote, listing by listing, in one transaction. A listing whose
 * edited fields no longer hold what the bulk edit set was changed since by someone: it is left as
 * it is, so an undo never overwrites later work.
 */
export async function undoBulkEdit(db: Db, actionId: number, actor: { id: number; isAdmin: boolean }): Promise<UndoResult> {
  return db.transaction(async (tx) => {
    const action = await recordedActionForUndo(tx, actionId, { perListing: EDITED.perListing, undone: UNDONE.action });
    if (!action || action.kind !== EDITED.action) throw notFound("That bulk edit was not found");
    if (action.actorId !== actor.id && !actor.isAdmin) throw forbidden("Only the person who made a bulk edit, or an admin, can undo it");
    if (action.undone) throw conflict("This bulk edit was already undone");

    const fields = [...new Set(action.listings.flatMap((l) => Object.keys(l.changes)))];
    const now = await lockListingFields(tx, action.listings.map((l) => l.listingId), fields);
    const restored: { listingId: string; changes: Changes }[] = [];
    let skipped = 0;
    // Listings that held the same values before (often all of them) go back in one statement.
    const groups = new Map<string, { values: Record<string, unknown>; ids: string[] }>();
    for (const { listingId, changes } of action.listings) {
      const current = now.get(listingId);
      const after = Object.fromEntries(Object.entries(changes).map(([field, [, set]]) => [field, set]));
      if (!current || Object.keys(fieldChanges(current, after)).length > 0) {
        skipped += 1;
        continue;
      }
      if (Object.keys(changes).length === 0) continue; // the bulk edit set what it already held
      const values = Object.fromEntries(Object.entries(changes).map(([field, [was]]) => [field, was]));
      const key = JSON.stringify(values);
      groups.set(key, { values, ids: [...(groups.get(key)?.ids ?? []), listingId] });
      restored.push({ listingId, changes: Object.fromEntries(Object.entries(changes).map(([field, [was, set]]) => [field, [set, was]])) });
    }
    for (const { values, ids } of groups.values()) await setListingFields(tx, ids, values, actor.id);
    await recordActionWithChanges(tx, {
      kind: UNDONE.action,
      perListingKind: UNDONE.perListing,
      actorId: actor.id,
      data: { undoes: actionId, count: restored.length, skipped, fields },
      listings: restored,
    });
    return { restored: restored.length, skipped };
  });
}
