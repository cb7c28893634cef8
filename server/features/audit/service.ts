// The audit feature's public surface (eslint.config.js): the one writer of audit_events, the
// listing timelines and the admins' audit log. Every change is recorded by its own feature
// inside the transaction that makes it, so the change and its entry stand or fall together.
import type { AuditKind } from "../../../shared/audit.js";
import type { Db, Tx } from "../../db/database.js";
import {
  addToBulkDeletion,
  addToImportPosts,
  deleteActionAndEntries,
  findEntriesPointingAt,
  findFlyerOfImage,
  findProspectEntriesOfLead,
  FLYER_IMAGE_KIND,
  insertAuditEvent,
  insertEventPerListing,
  insertEventsWithData,
  lockAction,
  setEventData,
  type AuditEventValues,
} from "./data.js";
import { editKind, fieldChanges, type Changes } from "./field-changes.js";

export type AuditEvent = AuditEventValues;
export { fieldChanges, type Changes };

/** The import a background job works for: its `csv.imported` entry, and its file's name when known. */
export interface ImportOrigin {
  ref: number;
  name?: string;
}

/**
 * Posts a job wrote for listings of an import: one entry per import naming it (its ref), whose
 * count grows with each job.
 */
export function recordPostsForImport(tx: Tx, origin: ImportOrigin, count: number, writer: string): Promise<void> {
  return addToImportPosts(tx, { ref: origin.ref, name: origin.name, count, writer });
}

/** Records one event; returns its id. */
export function recordAuditEvent(db: Db | Tx, event: AuditEvent): Promise<number> {
  return insertAuditEvent(db, event);
}

/** One entry on a listing's timeline; `actorId` null means the system did it. */
export function recordListingActivity(
  tx: Db | Tx,
  entry: { kind: AuditKind; actorId: number | null; listingId: string; data?: Record<string, unknown> },
): Promise<number> {
  return insertAuditEvent(tx, entry);
}

/** A lead's moves through listings' pipelines (their `listing.prospect-…` entries), newest first. */
export const prospectEntriesOfLead = (db: Db | Tx, leadId: number) => findProspectEntriesOfLead(db, leadId);

/** The server took `imageUrl` from the flyer at `flyerUrl` for this person (before any listing uses it). */
export function recordFlyerImage(db: Db | Tx, image: { actorId: number; flyerUrl: string; imageUrl: string }): Promise<number> {
  return insertAuditEvent(db, { kind: FLYER_IMAGE_KIND, actorId: image.actorId, data: { flyerUrl: image.flyerUrl, imageUrl: image.imageUrl } });
}

/**
 * How a listing about to be created by `actorId` through the form came to be: from a flyer when
 * its image is one the server took from a flyer for them (the Add dialog's flyer link), else the form.
 */
export async function creationSource(
  db: Db | Tx,
  actorId: number | null,
  imageUrl: string | null | undefined,
): Promise<{ via: "form" } | { via: "flyer"; flyerUrl: string }> {
  const flyerUrl = actorId !== null && imageUrl ? await findFlyerOfImage(db, actorId, imageUrl) : undefined;
  return flyerUrl === undefined ? { via: "form" } : { via: "flyer", flyerUrl };
}

/**
 * One entry for one save, listing every field it changed (before → after) and the version the
 * save wrote (what a later edit from that version finds its place in the timeline by); a save that changed nothing writes nothing.
 * Returns the changes.
 */
export async function recordListingEdit(
  tx: Db | Tx,
  edit: { actorId: number | null; listingId: string; before: object; values: object; version: number; restoredFrom?: number },
): Promise<Changes> {
  const changes = fieldChanges(edit.before, edit.values);
  if (Object.keys(changes).length === 0) return changes;
  const data = edit.restoredFrom === undefined ? { changes, version: edit.version } : { changes, version: edit.version, restoredFrom: edit.restoredFrom };
  await insertAuditEvent(tx, { kind: editKind(changes), actorId: edit.actorId, listingId: edit.listingId, data });
  return changes;
}

/**
 * A bulk edit or an import: one entry for the action (what it did, to how many), and on each
 * listing's timeline a small entry pointing at it, all in one statement.
 */
export async function recordActionOnListings(
  tx: Db | Tx,
  action: { kind: AuditKind; perListingKind: AuditKind; actorId: number | null; listingIds: string[]; data: Record<string, unknown> },
): Promise<number> {
  const ref = await insertAuditEvent(tx, { kind: action.kind, actorId: action.actorId, data: action.data });
  await recordListingsOfAction(tx, { ref, kind: action.perListingKind, actorId: action.actorId, listingIds: action.listingIds });
  return ref;
}

/**
 * An action written in several transactions (an import's commit on the embedded database): its entry is recorded first with what it is expected to do and given its
 * final data here, at the end; `discardAction` takes it back, with every per-listing entry
 * pointing at it, when the action does not finish.
 */
export function completeAction(tx: Db | Tx, ref: number, data: Record<string, unknown>): Promise<void> {
  return setEventData(tx, ref, data);
}
export function discardAction(tx: Db | Tx, ref: number): Promise<void> {
  return deleteActionAndEntries(tx, ref);
}

/**
 * A listing deleted as part of a bulk delete (spec §7 sends one DELETE per listing, each tagged
 * with the run's id): the run's one `bulk.deleted` entry gains this listing's id and a count,
 * and the listing's timeline ends in an entry pointing at it that keeps the deleted listing's
 * snapshot.
 */
export async function recordBulkDeletion(
  tx: Db | Tx,
  deletion: { bulkId: string; actorId: number | null; listingId: string; data: Record<string, unknown> },
): Promise<void> {
  const ref = await addToBulkDeletion(tx, deletion);
  await insertAuditEvent(tx, { kind: "listing.bulk-deleted", actorId: deletion.actorId, listingId: deletion.listingId, data: { ...deletion.data, ref } });
}

/** More listings' entries pointing at an action already recorded (an import's updated rows). */
export function recordListingsOfAction(
  tx: Db | Tx,
  entries: { ref: number; kind: AuditKind; actorId: number | null; listingIds: string[] },
): Promise<void> {
  return insertEventPerListing(tx, { kind: entries.kind, actorId: entries.actorId, data: { ref: entries.ref } }, entries.listingIds);
}

/**
 * A bulk action whose listings each changed differently: the action's entry, and on each listing's
 * timeline an entry pointing at it with that listing's own before → after, which is what an
 * undo puts back.
 */
export async function recordActionWithChanges(
  tx: Db | Tx,
  action: {
    kind: AuditKind;
    perListingKind: AuditKind;
    actorId: number | null;
    data: Record<string, unknown>;
    listings: { listingId: string; changes: Changes }[];
  },
): Promise<number> {
  const ref = await insertAuditEvent(tx, { kind: action.kind, actorId: action.actorId, data: action.data });
  await insertEventsWithData(
    tx,
    { kind: action.perListingKind, actorId: action.actorId },
    action.listings.map(({ listingId, changes }) => ({ listingId, data: { ref, changes } })),
  );
  return ref;
}

export interface RecordedAction {
  kind: string;
  actorId: number | null;
  data: Record<string, unknown> | null;
  /** Each listing's own changes, from the entries that point at the action. */
  listings: { listingId: string; changes: Changes }[];
  /** Whether an entry of `undoneKind` already undid it. */
  undone: boolean;
}

/**
 * An action as recorded, locked for the rest of the transaction so that two undos of it run one
 * after the other and the second sees the first.
 */
export async function recordedActionForUndo(
  tx: Tx,
  id: number,
  kinds: { perListing: string; undone: string },
): Promise<RecordedAction | undefined> {
  const action = await lockAction(tx, id);
  if (!action) return undefined;
  const entries = await findEntriesPointingAt(tx, id, kinds.perListing, "ref");
  const undos = await findEntriesPointingAt(tx, id, kinds.undone, "undoes");
  return {
    kind: action.kind,
    actorId: action.actorId,
    data: action.data,
    listings: entries.flatMap((e) => (e.listingId ? [{ listingId: e.listingId, changes: e.data?.changes ?? {} }] : [])),
    undone: undos.length > 0,
  };
}

export { fieldsChangedSince, type ChangedSince } from "./changed-since.js";
export { allAuditEntries, auditQuerySchema, listActivity, listAudit, valueBeforeChange, type AuditQuery } from "./entries.js";
export { auditJobHandlers, pruneAuditEvents } from "./retention.js";
export { writeAuditCsv } from "./audit-csv.js";
