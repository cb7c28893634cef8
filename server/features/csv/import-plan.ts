// Decides, for each valid row, whether it creates a listing or updates one, and what is finally
// written. No database here: rows arrive with the
// listings that already share their key.
import type { ImportAction, ImportResult } from "../../../shared/csv-columns.js";
import type { ListingWrite } from "./data.js";

export interface PlanRow {
  row: number;
  /** Name and address ignoring case and extra spaces. */
  key: string;
  /** Ids of existing listings with that key, in id order. */
  existing: string[];
  values: ListingWrite["values"];
  agentId?: string | null;
}

/**
 * A row updates the first listing with its key that no earlier row has updated; when every such
 * listing was taken, it updates the one the last such row wrote (the later row wins); with none
 * at all, it creates one. So an exported file pairs back with exactly the listings it came from,
 * and a row repeated in one file never makes a second listing.
 *
 * Rows come in file order, a batch at a time; each batch's new listings are written before the
 * next batch is planned, so a later row that repeats one of them becomes an update.
 */
export class UpsertPlanner {
  readonly results: ImportResult["successful"] = [];
  private readonly taken = new Map<string, number>();
  private readonly lastWritten = new Map<string, string>();
  private readonly updates = new Map<string, ListingWrite>();

  constructor(private readonly newId: () => string) {}

  /** Plans the next rows; returns the listings they create. */
  add(rows: PlanRow[]): ListingWrite[] {
    const creates = new Map<string, ListingWrite>();
    for (const { row, key, existing, values, agentId } of rows) {
      const used = this.taken.get(key) ?? 0;
      let id: string;
      let action: ImportAction = "updated";
      if (used < existing.length) {
        id = existing[used];
        this.taken.set(key, used + 1);
      } else if (this.lastWritten.has(key)) {
        id = this.lastWritten.get(key)!;
      } else {
        id = this.newId();
        action = "created";
      }
      this.lastWritten.set(key, id);
      // Every row of a file has the same columns, so a later row replaces an earlier one whole.
      const write = { id, values, agentId };
      if (action === "created" || creates.has(id)) creates.set(id, write);
      else this.updates.set(id, write);
      this.results.push({ row, action, id, listingName: values.listingName });
    }
    return [...creates.values()];
  }

  /** Rows whose existing listing the update left as it was (it held their values already) become
   * "unchanged"; a row repeating a listing this file creates stays "updated". */
  markUnchanged(changed: ReadonlySet<string>): void {
    for (const r of this.results) if (r.action === "updated" && this.updates.has(r.id) && !changed.has(r.id)) r.action = "unchanged";
  }

  /** The final values of every listing the rows update. */
  pendingUpdates(): ListingWrite[] {
    return [...this.updates.values()];
  }
}
