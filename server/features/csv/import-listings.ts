// CSV import: read the file, check every row, then write all valid rows in one transaction.
import { randomUUID } from "node:crypto";
import { CSV_COLUMN_FIELDS, type CsvColumn, type ImportResult } from "../../../shared/csv-columns.js";
import type { Db } from "../../db/database.js";
import { badRequest, conflict } from "../../http/http-error.js";
import { recordActionOnListings, recordListingsOfAction } from "../audit/service.js";
import { queueLocating } from "../geocoding/service.js";
import { queuePostsForImported } from "../posts/service.js";
import { agentResolverFor, matchListings, takeImportLock, type WritableField } from "../listing-rows/service.js";
import { FACT_MESSAGES } from "../../../shared/listing-facts.js";
import { agentExists, countFactConflicts, insertListings, updateListings } from "./data.js";
import { UpsertPlanner, type PlanRow } from "./import-plan.js";
import { readCsv } from "./read-csv.js";
import { validateRows, type FailedRow, type ValidRow } from "./validate-rows.js";

export interface ImportRequest {
  csvData: string;
  /** Assigned to every imported row; wins over the file's Agent column. */
  agentId: string | null;
}

/** An update writes only the file's columns, so a column left out of the file changes nothing. */
function fieldsWritten(columns: Set<CsvColumn>, setsAgent: boolean): Set<WritableField> {
  const fields = new Set<WritableField>();
  for (const column of columns) if (column !== "Agent") fields.add(CSV_COLUMN_FIELDS[column] as WritableField);
  if (setsAgent) fields.add("agentId");
  return fields;
}

// Facts checked together; a row holds both.
const FACT_PAIRS: [CsvColumn, CsvColumn][] = [
  ["Lease Rate", "Lease Rate Unit"],
  ["Listing Date", "Expiration Date"],
];

/**
 * A file with one column of a pair updates listings whose other half is stored: if that breaks a
 * rule, the whole import is refused (its transaction rolls back), since the file must change.
 */
async function checkHalfPairs(tx: Parameters<typeof updateListings>[0], columns: Set<CsvColumn>, ids: string[]) {
  if (ids.length === 0 || !FACT_PAIRS.some(([a, b]) => columns.has(a) !== columns.has(b))) return;
  const conflicts = await countFactConflicts(tx, ids);
  const problems: string[] = [];
  const listingsWord = (n: number) => (n === 1 ? "1 listing" : `${n.toLocaleString("en-US")} listings`);
  if (conflicts.leaseRate > 0)
    problems.push(`${FACT_MESSAGES.leaseRateUnitRequired}: ${listingsWord(conflicts.leaseRate)} would have a lease rate without one. Add the Lease Rate Unit column.`);
  if (conflicts.expiration > 0)
    problems.push(`${FACT_MESSAGES.expirationBeforeListing}: ${listingsWord(conflicts.expiration)} would expire before their listing date. Add the Listing Date column, or fix the dates.`);
  if (problems.length > 0) throw badRequest(`Nothing was imported. ${problems.join(" ")}`);
}

/** Rows matched and written per step: PostgreSQL (another process) works on one step's rows while
 * this process checks the next step's, a slice at a time, taking the database's answers between
 * slices so that its next statement goes out without waiting for the whole step. */
const STEP = 10_000;
const SLICE = 1_000;
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export async function importListings(db: Db, request: ImportRequest, actorId: number | null): Promise<ImportResult> {
  const table = readCsv(request.csvData);
  const hasAgentColumn = table.columns.has("Agent");
  const ignoredColumns = hasAgentColumn && request.agentId ? [...table.ignoredColumns, "Agent"] : table.ignoredColumns;

  // New listings get their posts from jobs queued in this transaction, so only once it commits.
  const { successful, failed } = await db.transaction(async (tx) => {
    const { locked, asciiKeysHere } = await takeImportLock(tx);
    if (!locked) throw conflict("Another import is running. Please try again when it has finished.");
    if (request.agentId && !(await agentExists(tx, request.agentId))) {
      throw badRequest("The agent chosen for this import no longer exists. Choose another agent, or none.");
    }
    const resolveAgent = hasAgentColumn && !request.agentId ? await agentResolverFor(tx) : undefined;
    const planner = new UpsertPlanner(randomUUID);
    const failed: FailedRow[] = [];
    const created: string[] = [];

    /** Matches checked rows with existing listings, plans them, and inserts the new ones. */
    const writeStep = async (valid: ValidRow[]) => {
      const matches = await matchListings(
        tx,
        valid.map((v) => ({ name: v.values.listingName, address: v.values.address })),
        { asciiKeysHere },
      );
      const planned: PlanRow[] = [];
      valid.forEach(({ row, values, agentName }, i) => {
        const { key, existing } = matches[i];
        let agentId: string | null | undefined = request.agentId ?? undefined;
        if (resolveAgent) {
          const match = resolveAgent(agentName ?? "", existing.map((e) => e.agentId));
          if ("error" in match) return void failed.push({ row, error: match.error });
          agentId = match.agentId;
        }
        planned.push({ row, key, existing: existing.map((e) => e.id), values, agentId });
      });
      const fresh = planner.add(planned);
      for (const listing of fresh) created.push(listing.id);
      await insertListings(tx, fresh);
    };

    // Steps run one after another on the transaction's connection, while the loop checks ahead.
    let written = Promise.resolve();
    for (let i = 0; i < table.rows.length; i += STEP) {
      const valid: ValidRow[] = [];
      for (let j = i; j < Math.min(i + STEP, table.rows.length); j += SLICE) {
        const checked = validateRows(table.rows.slice(j, Math.min(j + SLICE, i + STEP)));
        valid.push(...checked.valid);
        failed.push(...checked.failed);
        await nextTurn();
      }
      written = written.then(() => writeStep(valid));
      // Handled when awaited below; this only keeps an early failure from counting as unhandled.
      written.catch(() => {});
    }
    await written;
    const updates = planner.pendingUpdates();
    const updated = await updateListings(tx, updates, fieldsWritten(table.columns, Boolean(request.agentId) || hasAgentColumn), actorId);
    await checkHalfPairs(tx, table.columns, updates.map((u) => u.id));
    // Compact: one entry for the import, and per listing a reference to it (the activity log's speed goal).
    planner.markUnchanged(new Set(updated));
    const unchanged = planner.results.filter((r) => r.action === "unchanged").length;
    const counts = { created: created.length, updated: updated.length, unchanged, failed: failed.length };
    const data = { count: counts.created + counts.updated, ...counts };
    const ref = await recordActionOnListings(tx, { kind: "csv.imported", perListingKind: "listing.imported", actorId, listingIds: created, data });
    await recordListingsOfAction(tx, { ref, kind: "listing.import-updated", actorId, listingIds: updated });
    await queuePostsForImported(tx, planner.results.filter((r) => r.action === "created").map((r) => r.id), { ref });
    // New listings are placed at their ZIPs in the background.
    await queueLocating(tx);
    return { successful: planner.results, failed };
  });

  failed.sort((a, b) => a.row - b.row);
  return { successful, failed, ignoredColumns };
}
