// Bulk edit: the rules a single edit checks against the stored listing, checked for every
// selected listing before anything changes.
import { FACT_MESSAGES } from "../../../shared/listing-facts.js";
import type { Db } from "../../db/database.js";
import { badRequest } from "../../http/http-error.js";
import { countListedAfter, updateListingsByIds } from "./data.js";
import type { BulkUpdates } from "./rules.js";

export async function bulkEditListings(db: Db, ids: string[], updates: BulkUpdates, by: number): Promise<number> {
  return db.transaction(async (tx) => {
    if (updates.expirationDate) {
      const early = await countListedAfter(tx, ids, updates.expirationDate);
      if (early > 0) {
        const which = early === 1 ? "1 of the selected listings was" : `${early.toLocaleString("en-US")} of the selected listings were`;
        const message = `${FACT_MESSAGES.expirationBeforeListing} (${which} listed after it)`;
        throw badRequest(message, { expirationDate: message });
      }
    }
    return updateListingsByIds(tx, ids, updates, by);
  });
}
