// Bulk edit: the rules a single edit checks against the stored listing, checked for every
// selected listing before anything changes.
import { FACT_MESSAGES } from "../../../shared/listing-facts.js";
import type { Db } from "../../db/database.js";
import { badRequest } from "../../http/http-error.js";
import { recordActionOnListings } from "../audit/service.js";
import { countListedAfter, updateListingsByIds } from "./data.js";
import type { BulkUpdates } from "./rules.js";

/** One log entry for the bulk edit (what it set, on how many), and one per listing pointing at it. */
export async function bulkEditListings(db: Db, ids: string[], updates: BulkUpdates, actorId: number | null): Promise<number> {
  return db.transaction(async (tx) => {
    if (updates.expirationDate) {
      const early = await countListedAfter(tx, ids, updates.expirationDate);
      if (early > 0) {
        const which = early === 1 ? "1 of the selected listings was" : `${early.toLocaleString("en-US")} of the selected listings were`;
        const message = `${FACT_MESSAGES.expirationBeforeListing} (${which} listed after it)`;
        throw badRequest(message, { expirationDate: message });
      }
    }
    const updated = await updateListingsByIds(tx, ids, updates, actorId);
    await recordActionOnListings(tx, {
      kind: "bulk.edited",
      perListingKind: "listing.bulk-edited",
      actorId,
      listingIds: updated,
      data: { count: updated.length, updates },
    });
    return updated.length;
  });
}
