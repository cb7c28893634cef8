import { listingFactsProblems } from "../../../shared/listing-facts.js";
import { coordinatesProblem } from "../../../shared/location.js";
import { versionTag, type EditConflict, type MergeReport } from "../../../shared/edit-conflicts.js";
import { patchListingSchema, type InsertListing, type Listing, type ListingWithMeta } from "../../../shared/schema.js";
import type { Db, Tx } from "../../db/database.js";
import { badRequest, notFound, preconditionFailed } from "../../http/http-error.js";
import { parse } from "../../http/validate.js";
import type { Logger } from "../../logger.js";
import {
  creationSource,
  fieldChanges,
  fieldsChangedSince,
  recordAuditEvent,
  recordBulkDeletion,
  recordListingActivity,
  recordListingEdit,
  valueBeforeChange,
  type ChangedSince,
} from "../audit/service.js";
import { locationOfEdit, locationOfNew, queueStreetGeocoding } from "../geocoding/service.js";
import { syncCoverWithImageUrl } from "../photos/service.js";
import { usernameOf } from "../users/service.js";
import {
  countListingsByFolder,
  deleteListing,
  findAgentName,
  findListing,
  flipListingFlag,
  insertListing,
  listListingsJson,
  lockListingRow,
  updateListing,
  type Folder,
  type ListingValues,
} from "./data.js";
import type { ListingsListCache } from "./list-cache.js";

export type { Folder } from "./data.js";
export type { ListingsListCache } from "./list-cache.js";

export interface ListingsDeps {
  /** Runs after a listing is inserted (the posts feature writes its posts here); its result is the reply. */
  onListingCreated?: (listing: Listing) => Promise<Listing>;
  /** A street geocoder is configured: a listing placed by its ZIP gets a street lookup queued. */
  geocodeStreets?: boolean;
}

const LISTING_NOT_FOUND = "Listing not found";
const AGENT_NOT_FOUND = "The selected agent no longer exists. Please choose another agent.";

// An agent deleted between our check and the write still fails the foreign key: same answer.
const isForeignKeyViolation = (err: unknown) =>
  (err as { code?: string })?.code === "23503" || (err as { cause?: { code?: string } })?.cause?.code === "23503";

async function agentNameFor(db: Db | Tx, agentId: string | null | undefined): Promise<string | null> {
  if (!agentId) return null;
  const name = await findAgentName(db, agentId);
  if (name === undefined) throw badRequest(AGENT_NOT_FOUND, { agentId: AGENT_NOT_FOUND });
  return name;
}

async function writingAgent<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isForeignKeyViolation(err)) throw badRequest(AGENT_NOT_FOUND, { agentId: AGENT_NOT_FOUND });
    throw err;
  }
}

/**
 * A folder's list as JSON: assembled from the listings kept in memory when a cache is given,
 * read whole from the database otherwise.
 */
export async function folderJson(db: Db, folder: Folder, cache?: ListingsListCache): Promise<string | Buffer> {
  return cache ? cache.json(folder) : listListingsJson(db, folder);
}

/** How many listings each folder holds. */
export async function folderCounts(db: Db): Promise<{ active: number; inactive: number }> {
  return countListingsByFolder(db);
}

export async function getListing(db: Db, id: string): Promise<ListingWithMeta> {
  const listing = await findListing(db, id);
  if (!listing) throw notFound(LISTING_NOT_FOUND);
  return listing;
}

/**
 * Inserts the listing with its "created" entry (one transaction; "via flyer" when its image was
 * taken from a flyer in the Add dialog, "via form" otherwise), then hands it to
 * onListingCreated. The listing exists by then, so a failing hook is logged and the listing is
 * still returned: failing the request would invite a retry that creates it twice, and posts can
 * be regenerated later.
 */
export async function createListing(
  db: Db,
  deps: ListingsDeps,
  log: Pick<Logger, "error">,
  input: InsertListing,
  actorId: number | null,
): Promise<ListingWithMeta> {
  const agentName = await agentNameFor(db, input.agentId);
  const inserted = await writingAgent(() =>
    db.transaction(async (tx) => {
      const location = locationOfNew(input);
      const row = await insertListing(tx, { ...input, ...location, updatedById: actorId });
      if (deps.geocodeStreets) await queueStreetGeocoding(tx, row.id, location);
      const source = await creationSource(tx, actorId, row.imageUrl);
      await recordListingActivity(tx, { kind: "listing.created", actorId, listingId: row.id, data: source });
      if (row.imageUrl) await syncCoverWithImageUrl(tx, row.id, row.imageUrl, actorId);
      return row;
    }),
  );
  let listing = inserted;
  if (deps.onListingCreated) {
    try {
      listing = await deps.onListingCreated(inserted);
    } catch (err) {
      log.error({ err, listingId: inserted.id }, "onListingCreated failed; the listing was created without it");
    }
  }
  return { ...listing, agentName, noteCount: 0 };
}

/** The rules between facts, on the listing as the edit would leave it; coordinates come both or neither. */
function checkEditedFacts(stored: Listing, values: ListingValues): void {
  const coordinates = coordinatesProblem(values);
  if (coordinates) throw badRequest(coordinates, { latitude: coordinates });
  const related = ["leaseRate", "leaseRateUnit", "listingDate", "expirationDate"] as const;
  if (!related.some((key) => values[key] !== undefined)) return;
  const problems = listingFactsProblems({ ...stored, ...values });
  const messages = Object.values(problems);
  if (messages.length > 0) throw badRequest(messages.join("; "), problems);
}

export const listingTag = (listing: Pick<Listing, "id" | "version">) => versionTag("listing", listing.id, listing.version);

const LISTING_CONFLICT = "Someone else saved this listing after you opened it.";

/**
 * The 412 for an edit made from an older version: the listing as it is now, who made it so, and
 * for a PATCH the fields in conflict.
 */
async function listingConflict(db: Db, current: ListingWithMeta, fields?: string[]) {
  const body: EditConflict<ListingWithMeta> = {
    message: LISTING_CONFLICT,
    current,
    changedBy: await usernameOf(db, current.updatedById),
    changedAt: current.updatedAt,
    ...(fields && { fields }),
  };
  return preconditionFailed(LISTING_CONFLICT, { ...body }, listingTag(current));
}

/**
 * Writes an edit over the locked row and its timeline entry (every changed field, before →
 * after, and the version it wrote) in the caller's transaction: there is never one without the
 * other. The rules between facts are checked on the listing as the edit leaves it. A changed
 * image becomes the gallery's cover.
 */
async function writeEdit(tx: Tx, before: Listing, sent: ListingValues, actorId: number | null, opts: EditOptions = {}): Promise<void> {
  const { restoredFrom } = opts;
  checkEditedFacts(before, sent);
  // The point follows the address, unless a person placed it.
  const location = locationOfEdit(before, sent);
  const values = { ...sent, ...location };
  if (opts.geocodeStreets) await queueStreetGeocoding(tx, before.id, location);
  await updateListing(tx, before.id, values, actorId);
  const changes = await recordListingEdit(tx, { actorId, listingId: before.id, before, values, version: before.version + 1, restoredFrom });
  if (changes.imageUrl) await syncCoverWithImageUrl(tx, before.id, values.imageUrl ?? null, actorId);
}

interface EditOptions {
  /** The activity entry whose value a restore puts back. */
  restoredFrom?: number;
  /** ListingsDeps.geocodeStreets. */
  geocodeStreets?: boolean;
}

/**
 * Saves an edit. `versions` is what the editor's If-Match accepts (server/http/if-match.ts;
 * undefined writes whatever the listing holds now, as spec clients expect); the row is locked
 * while it is checked, so of two edits from one version exactly one lands and the other gets
 * the 412.
 */
export async function editListing(
  db: Db,
  id: string,
  values: ListingValues,
  actorId: number | null,
  opts: EditOptions & { versions?: number[] } = {},
): Promise<ListingWithMeta> {
  await agentNameFor(db, values.agentId);
  const written = await writingAgent(() =>
    db.transaction(async (tx) => {
      const before = await lockListingRow(tx, id);
      if (!before) throw notFound(LISTING_NOT_FOUND);
      if (opts.versions && !opts.versions.includes(before.version)) return false;
      await writeEdit(tx, before, values, actorId, opts);
      return true;
    }),
  );
  if (!written) throw await listingConflict(db, await getListing(db, id));
  return getListing(db, id);
}

/**
 * Of the fields this edit changes, those a save after its starting version changed too: the
 * only ones in conflict. A field that already holds the edit's value is in conflict with no
 * one. When the timeline cannot tell what changed since (`since` undefined), every field whose
 * stored value differs from the edit's may have been changed by someone, so all of those are.
 */
function overlappingFields(before: Listing, values: ListingValues, since: ChangedSince | undefined): string[] {
  const differing = Object.keys(fieldChanges(before, values));
  return since ? differing.filter((field) => since.fields.includes(field)) : differing;
}

type PatchOutcome = { conflict: string[] } | { merged: MergeReport };

/**
 * A listing's PATCH: only the fields the person changed, from the version they started with.
 * Saved as it is when nobody saved since, or
 * when the saves since changed other fields (merged: the reply names those); refused with a 412
 * naming the fields both changed otherwise. An If-Match that names no version of this listing
 * (a weak tag, another row's) is refused for every field. Without If-Match it saves the fields.
 */
export async function patchListing(
  db: Db,
  id: string,
  values: ListingValues,
  actorId: number | null,
  versions: number[] | undefined,
  opts: Pick<EditOptions, "geocodeStreets"> = {},
): Promise<ListingWithMeta & MergeReport> {
  await agentNameFor(db, values.agentId);
  const outcome = await writingAgent(() =>
    db.transaction(async (tx): Promise<PatchOutcome> => {
      const before = await lockListingRow(tx, id);
      if (!before) throw notFound(LISTING_NOT_FOUND);
      if (versions?.length === 0) return { conflict: Object.keys(values) };
      let since: ChangedSince = { fields: [], by: {} };
      if (versions && !versions.includes(before.version)) {
        const history = await fieldsChangedSince(tx, id, Math.max(...versions));
        const overlap = overlappingFields(before, values, history);
        if (overlap.length > 0) return { conflict: overlap };
        since = history ?? since;
      }
      await writeEdit(tx, before, values, actorId, opts);
      const mergedFields = since.fields.filter((field) => !(field in values));
      return { merged: { mergedFields, mergedBy: [...new Set(mergedFields.flatMap((field) => since.by[field]))] } };
    }),
  );
  if ("conflict" in outcome) throw await listingConflict(db, await getListing(db, id), outcome.conflict);
  return { ...(await getListing(db, id)), ...outcome.merged };
}

/**
 * "Restore this value": puts back what a field held before a logged change, as a new edit that
 * passes the same checks as any other (a value that no longer validates is refused with the
 * field's own message), meets the same If-Match rule, and is logged like any other.
 */
export async function restoreListingValue(
  db: Db,
  id: string,
  change: { entryId: number; field: keyof ListingValues & keyof typeof patchListingSchema.shape },
  actorId: number | null,
  versions?: number[],
): Promise<ListingWithMeta> {
  const old = await valueBeforeChange(db, id, change.entryId, change.field);
  const fieldSchema = patchListingSchema.pick({ [change.field]: true } as { [K in typeof change.field]: true });
  const values = parse(fieldSchema, { [change.field]: old }) as ListingValues;
  return editListing(db, id, values, actorId, { versions, restoredFrom: change.entryId });
}

const FLIP_KINDS = {
  isActive: ["listing.deactivated", "listing.activated"],
  isStarred: ["listing.unstarred", "listing.starred"],
} as const;

export async function toggleListing(db: Db, id: string, flag: "isActive" | "isStarred", actorId: number | null): Promise<ListingWithMeta> {
  await db.transaction(async (tx) => {
    const flipped = await flipListingFlag(tx, id, flag, actorId);
    if (flipped === undefined) throw notFound(LISTING_NOT_FOUND);
    // The version placed on the entry lets an edit from it merge.
    const data = { version: flipped.version };
    await recordListingActivity(tx, { kind: FLIP_KINDS[flag][Number(flipped.value)], actorId, listingId: id, data });
  });
  return getListing(db, id);
}

/**
 * Deletes the listing; the audit log keeps a snapshot of it, which an admin may recreate. A
 * deletion that is part of a bulk delete (`bulkId`, the run's id) is folded into the run's one
 * entry instead of standing alone in the log.
 */
export async function removeListing(db: Db, id: string, actorId: number | null, bulkId?: string): Promise<void> {
  await db.transaction(async (tx) => {
    const gone = await deleteListing(tx, id);
    if (!gone) throw notFound(LISTING_NOT_FOUND);
    const { aiGeneratedPosts: _posts, ...snapshot } = gone;
    const data = { listingName: gone.listingName, snapshot };
    if (bulkId) await recordBulkDeletion(tx, { bulkId, actorId, listingId: id, data });
    else await recordAuditEvent(tx, { kind: "listing.deleted", actorId, listingId: id, data });
  });
}
