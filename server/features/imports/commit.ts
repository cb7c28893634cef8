// Committing a staged preview: every valid row is written, or none (docs/decisions/203, 227).
// On PostgreSQL the commit is one transaction: other connections read on meanwhile. The embedded
// database has one connection, and a transaction holds it whole, so there the commit is a
// series of short transactions, one per step of rows, and requests that arrived meanwhile take
// their turn between two steps. The import's row says "committing" from the first step to the
// last; when a step fails, what the steps before it wrote is taken back, and a commit a crash
// cut short is taken back at the next start, before the server answers anyone.
import type { ImportCommitReply, ImportCounts } from "../../../shared/imports/wire.js";
import type { PublicUser } from "../../../shared/schema.js";
import { isPostgres, type Db, type Tx } from "../../db/database.js";
import { conflict, notFound } from "../../http/http-error.js";
import { completeAction, discardAction, recordAuditEvent, recordListingsOfAction } from "../audit/service.js";
import { takeImportLock } from "../listing-rows/service.js";
import { queueLocating } from "../geocoding/service.js";
import { queuePostsForInsertedPending } from "../posts/service.js";
import {
  commitCreates,
  commitUpdates,
  deleteCreated,
  failedRows,
  getImport,
  markCommitted,
  markCommitting,
  markStagedAgain,
  restoreUpdated,
  rowBounds,
  saveMapping,
  unfinishedCommits,
  vanishedRows,
  type RowRange,
  type StagedImport,
} from "./data.js";
import { isExpired, stagingOver } from "./staging-state.js";

/**
 * Rows per step. In one transaction a step is what the progress bar moves by; in turns it is
 * also how long other requests may wait: about a tenth of a second on the embedded database.
 */
const STEP_ROWS = { oneTransaction: 5_000, inTurns: 2_000 };

/** Runs one step's statements: inside the one transaction, or in a transaction of its own. */
type Step = <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;
/** Runs work that may follow the commit (queueing posts), however the commit ran. */
type Afterwards = (work: (tx: Tx) => Promise<void>) => Promise<void>;
/** New listings whose posts one step queues (a job per 50 of them). */
const POSTS_PER_STEP = 5_000;

// A timer, not setImmediate: PGlite runs a statement synchronously, so the requests that arrived
// during a step are still unread; a timer takes the event loop through its poll phase, where they
// are read and queue their queries ahead of the next step.
const othersTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The import's entry in the activity and audit log. */
const actionData = (row: StagedImport, counts: ImportCounts) => ({ importId: row.id, fileName: row.fileName, count: counts.created + counts.updated, ...counts });

/** Hears how many rows are written so far, after each step (a test may hold the commit there). */
type Advance = (done: number) => void | Promise<void>;

/** Writes every valid row of a staged preview, or none. */
export async function writeCommit(db: Db, id: string, user: PublicUser, advance: Advance): Promise<ImportCommitReply> {
  if (isPostgres(db)) {
    return db.transaction((tx) => commitInSteps({ step: (work) => work(tx), afterwards: (work) => work(tx) }, id, user, advance, STEP_ROWS.oneTransaction));
  }
  let begun = false;
  const inTurns: Step = async (work) => {
    const result = await db.transaction(work);
    begun = true;
    await othersTurn();
    return result;
  };
  // The new listings say "pending" already, and every start queues the posts of pending
  // listings (resumePendingPosts), so posts a stop or an error leaves unqueued are not lost.
  const afterwards: Afterwards = (work) => inTurns(work).catch(() => undefined);
  try {
    return await commitInSteps({ step: inTurns, afterwards }, id, user, advance, STEP_ROWS.inTurns);
  } catch (err) {
    // Should taking back fail too, the row still says "committing": the next start takes it back.
    if (begun) await takeBackCommit(db, id).catch(() => undefined);
    throw err;
  }
}

async function commitInSteps(
  { step, afterwards }: { step: Step; afterwards: Afterwards },
  id: string,
  user: PublicUser,
  advance: Advance,
  rowsPerStep: number,
): Promise<ImportCommitReply> {
  const { row, ref, vanished, bounds } = await step(async (tx) => {
    const row = await getImport(tx, id, true);
    if (!row) throw notFound("Import not found");
    if (row.status === "committing") throw conflict("This import is being committed already.");
    if (row.status !== "staged") throw conflict("This import was committed already.");
    if (isExpired(row)) throw stagingOver();
    const { locked } = await takeImportLock(tx);
    if (!locked) throw conflict("Another import is running. Please try again when it has finished.");
    // The action's entry comes first, so each step's per-listing entries can point at it; it
    // says what the preview expects until the last step gives it what was done.
    const { summary } = row.preview;
    const expected = { created: summary.create, updated: summary.update, unchanged: summary.unchanged, failed: summary.fail };
    const ref = await recordAuditEvent(tx, { kind: "csv.imported", actorId: user.id, data: actionData(row, expected) });
    await markCommitting(tx, id, ref);
    return { row, ref, vanished: await vanishedRows(tx, id), bounds: await rowBounds(tx, id, rowsPerStep) };
  });
  const { summary } = row.preview;
  const created: string[] = [];
  const updated: string[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const written = await step(async (tx) => {
      // A file of only new (or only changed) listings skips the other statement at every step.
      const c = summary.create > 0 ? await commitCreates(tx, id, bounds[i], bounds[i + 1]) : [];
      const u = summary.update > 0 ? await commitUpdates(tx, id, row.fields, user.id, bounds[i], bounds[i + 1]) : [];
      // On each listing's timeline an entry pointing at the action, in the step that wrote it.
      await recordListingsOfAction(tx, { ref, kind: "listing.imported", actorId: user.id, listingIds: c });
      await recordListingsOfAction(tx, { ref, kind: "listing.import-updated", actorId: user.id, listingIds: u });
      return { c, u };
    });
    created.push(...written.c);
    updated.push(...written.u);
    await advance(created.length + updated.length);
  }
  const reply = await step(async (tx) => {
    const failed = vanished.map((r) => ({ row: r, error: "The listing this row updates was deleted after the preview" }));
    for (const f of await failedRows(tx, id)) {
      failed.push({ row: f.row, error: (f.shown.errors ?? []).map((e) => e.message).join("; ") });
    }
    failed.sort((a, b) => a.row - b.row);
    const counts = {
      created: created.length,
      updated: updated.length,
      // An update whose listing already holds its values by now changes nothing either.
      unchanged: summary.unchanged + summary.update - vanished.length - updated.length,
      failed: failed.length,
    };
    await markCommitted(tx, id, counts);
    await completeAction(tx, ref, actionData(row, counts));
    const { mapping, valueMaps, defaults, matchBy, cityStateFrom } = row.preview;
    await saveMapping(tx, row.signature, { mapping, valueMaps, defaults, matchBy, cityStateFrom }, user.id);
    return {
      successful: [...created.map((cid) => ({ action: "create" as const, id: cid })), ...updated.map((uid) => ({ action: "update" as const, id: uid }))],
      failed,
    };
  });
  // Queued once the listings are committed (all in the one transaction on PostgreSQL), so no
  // posts job runs for a listing a failed commit takes back.
  for (let i = 0; i < created.length; i += POSTS_PER_STEP) {
    const ids = created.slice(i, i + POSTS_PER_STEP);
    await afterwards((tx) => queuePostsForInsertedPending(tx, ids, { ref, name: row.fileName }));
  }
  // Placed on the map in the background too: the commit only queues it.
  await afterwards((tx) => queueLocating(tx));
  return reply;
}

/**
 * Takes back what the steps of a commit that did not finish wrote, as an undo would (listings
 * someone saved meanwhile keep that save), with its audit entries; the preview is staged again.
 * In steps too, and safe to run again: a listing given back has moved past the version the
 * import wrote, one deleted is gone, and the import says "committing" until the last step.
 */
export async function takeBackCommit(db: Db, id: string): Promise<void> {
  const head = await getImport(db, id);
  if (head?.status !== "committing") return;
  const bounds = await db.transaction((tx) => rowBounds(tx, id, STEP_ROWS.inTurns));
  for (let i = 0; i + 1 < bounds.length; i++) {
    const range: RowRange = [bounds[i], bounds[i + 1]];
    await db.transaction(async (tx) => {
      await deleteCreated(tx, id, range);
      await restoreUpdated(tx, id, head.fields, head.userId, range);
    });
    await othersTurn();
  }
  await db.transaction(async (tx) => {
    const row = await getImport(tx, id, true);
    if (row?.status !== "committing") return;
    const ref = row.counts && "actionRef" in row.counts ? row.counts.actionRef : undefined;
    if (ref) await discardAction(tx, ref);
    await markStagedAgain(tx, id);
  });
}

/** At start-up, before serving: commits a stopped process left unfinished are taken back. */
export async function takeBackUnfinishedCommits(db: Db): Promise<number> {
  const ids = await unfinishedCommits(db);
  for (const id of ids) await takeBackCommit(db, id);
  return ids.length;
}
