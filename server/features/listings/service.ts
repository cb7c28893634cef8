import { listingFactsProblems } from "../../../shared/listing-facts.js";
import { versionTag, type EditConflict } from "../../../shared/edit-conflicts.js";
import type { InsertListing, Listing, ListingWithMeta } from "../../../shared/schema.js";
import type { Db } from "../../db/database.js";
import { badRequest, notFound, preconditionFailed } from "../../http/http-error.js";
import type { Logger } from "../../logger.js";
import { usernameOf } from "../users/service.js";
import {
  deleteListing,
  findAgentName,
  findListing,
  flipListingFlag,
  insertListing,
  updateListing,
  type ListingValues,
} from "./data.js";

export interface ListingsDeps {
  /** Runs after a listing is inserted (the posts feature writes its posts here); its result is the reply. */
  onListingCreated?: (listing: Listing) => Promise<Listing>;
}

const LISTING_NOT_FOUND = "Listing not found";
const AGENT_NOT_FOUND = "The selected agent no longer exists. Please choose another agent.";

// An agent deleted between our check and the write still fails the foreign key: same answer.
const isForeignKeyViolation = (err: unknown) =>
  (err as { code?: string })?.code === "23503" || (err as { cause?: { code?: string } })?.cause?.code === "23503";

async function agentNameFor(db: Db, agentId: string | null | undefined): Promise<string | null> {
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

export async function getListing(db: Db, id: string): Promise<ListingWithMeta> {
  const listing = await findListing(db, id);
  if (!listing) throw notFound(LISTING_NOT_FOUND);
  return listing;
}

/**
 * Inserts the listing, then hands it to onListingCreated. The listing exists by then, so a
 * failing hook is logged and the listing is still returned: failing the request would invite a
 * retry that creates it twice, and posts can be regenerated later.
 */
export async function createListing(
  db: Db,
  deps: ListingsDeps,
  log: Pick<Logger, "error">,
  input: InsertListing,
): Promise<ListingWithMeta> {
  const agentName = await agentNameFor(db, input.agentId);
  const inserted = await writingAgent(() => insertListing(db, input));
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

/** The rules between facts, on the listing as the edit would leave it. */
async function checkEditedFacts(db: Db, id: string, values: ListingValues): Promise<void> {
  const related = ["leaseRate", "leaseRateUnit", "listingDate", "expirationDate"] as const;
  if (!related.some((key) => values[key] !== undefined)) return;
  const stored = await findListing(db, id);
  if (!stored) throw notFound(LISTING_NOT_FOUND);
  const problems = listingFactsProblems({ ...stored, ...values });
  const messages = Object.values(problems);
  if (messages.length > 0) throw badRequest(messages.join("; "), problems);
}

export const listingTag = (listing: Pick<Listing, "id" | "version">) => versionTag("listing", listing.id, listing.version);

const LISTING_CONFLICT = "Someone else saved this listing after you opened it.";

/** The 412 for an edit made from an older version: the listing as it is now, and who made it so. */
async function listingConflict(db: Db, current: ListingWithMeta) {
  const body: EditConflict<ListingWithMeta> = {
    message: LISTING_CONFLICT,
    current,
    changedBy: await usernameOf(db, current.updatedById),
    changedAt: current.updatedAt,
  };
  return preconditionFailed(LISTING_CONFLICT, { ...body }, listingTag(current));
}

/**
 * `versions` is what the editor's If-Match accepts (server/http/if-match.ts); undefined writes
 * whatever the listing holds now, as spec clients expect.
 */
export async function editListing(
  db: Db,
  id: string,
  values: ListingValues,
  by: number,
  versions?: number[],
): Promise<ListingWithMeta> {
  await agentNameFor(db, values.agentId);
  await checkEditedFacts(db, id, values);
  if (!(await writingAgent(() => updateListing(db, id, values, by, versions)))) {
    const current = await getListing(db, id);
    throw await listingConflict(db, current);
  }
  return getListing(db, id);
}

export async function toggleListing(db: Db, id: string, flag: "isActive" | "isStarred", by: number): Promise<ListingWithMeta> {
  if (!(await flipListingFlag(db, id, flag, by))) throw notFound(LISTING_NOT_FOUND);
  return getListing(db, id);
}

export async function removeListing(db: Db, id: string): Promise<void> {
  if (!(await deleteListing(db, id))) throw notFound(LISTING_NOT_FOUND);
}
