// Publishing a listing's page (docs/decisions/275-public-page-publication.md): the row, its token
// (a capability: 144 random bits, replaced by a rotation, so an old link stops working) and the
// audit trail. "Show the street address" is the listing's own confidential flag, inverted and
// saved as an ordinary listing edit, so the flyer and the page never disagree.
import { randomBytes } from "node:crypto";
import type { DealStage } from "../../../shared/listing-fact-choices.js";
import { marketStatus } from "../../../shared/market-status.js";
import type { Publication, PublicationUpdate } from "../../../shared/public-page.js";
import { INVENTORY_NEEDS_PUBLISHED, publicPagePath } from "../../../shared/public-page.js";
import type { Listing } from "../../../shared/schema.js";
import type { Db } from "../../db/database.js";
import { badRequest } from "../../http/http-error.js";
import { recordListingActivity } from "../audit/service.js";
import { editListing, getListing } from "../listings/service.js";
import { findPublication, findPublishedTokens, insertPublication, updatePublication, type PublicationRow } from "./data.js";

const TOKEN_BYTES = 18;
/** What a token looks like: anything else is answered 404 without a query. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{24}$/;
const newToken = () => randomBytes(TOKEN_BYTES).toString("base64url");

function toPublication(row: PublicationRow | undefined, token: string, showAddress: boolean, origin: string): Publication {
  return {
    published: row?.published ?? false,
    url: `${origin}${publicPagePath(token)}`,
    indexable: row?.indexable ?? false,
    showAddress,
    flyerGate: row?.flyerGate ?? false,
    publishedAt: row?.publishedAt?.toISOString() ?? null,
    inventory: row?.inventory ?? false,
    syndicate: row?.syndicate ?? false,
  };
}

/** The row, made (unpublished, with a fresh token) the first time anyone asks. */
async function ensurePublication(db: Db, listingId: string): Promise<PublicationRow> {
  const existing = await findPublication(db, listingId);
  if (existing) return existing;
  await db.transaction((tx) => insertPublication(tx, listingId, newToken()));
  return (await findPublication(db, listingId))!;
}

export async function getPublication(db: Db, listingId: string, origin: string): Promise<Publication> {
  const listing = await getListing(db, listingId);
  const row = await ensurePublication(db, listingId);
  return toPublication(row, row.token, !listing.addressConfidential, origin);
}

/** Publishes, unpublishes or changes the page's switches; one entry per kind of change, none when nothing changes. */
export async function savePublication(db: Db, listingId: string, update: PublicationUpdate, actorId: number, origin: string): Promise<Publication> {
  // Refused before anything changes; unpublishing leaves the switches as they are, and nothing
  // unpublished goes out whatever they say (server/features/feed/which-listings.ts).
  if (update.inventory === true && !update.published) throw badRequest(INVENTORY_NEEDS_PUBLISHED, { inventory: INVENTORY_NEEDS_PUBLISHED });
  let listing = await getListing(db, listingId);
  if (update.showAddress !== undefined && update.showAddress === listing.addressConfidential) {
    listing = await editListing(db, listingId, { addressConfidential: !update.showAddress }, actorId);
  }
  await ensurePublication(db, listingId);
  const row = await db.transaction(async (tx) => {
    const before = (await findPublication(tx, listingId, { lock: true }))!;
    const indexable = update.indexable ?? before.indexable;
    const outgoing = { inventory: update.inventory ?? before.inventory, syndicate: update.syndicate ?? before.syndicate };
    const flyerGate = update.flyerGate ?? before.flyerGate;
    const switches = { indexable, flyerGate, ...outgoing };
    const changes = Object.fromEntries(
      (Object.keys(switches) as (keyof typeof switches)[]).filter((k) => before[k] !== switches[k]).map((k) => [k, [before[k], switches[k]]]),
    );
    if (before.published === update.published && Object.keys(changes).length === 0) return before;
    const saved = await updatePublication(tx, listingId, {
      published: update.published,
      ...switches,
      ...(update.published && !before.published && { publishedAt: new Date() }),
    });
    if (before.published !== update.published) {
      await recordListingActivity(tx, { kind: update.published ? "listing.published" : "listing.unpublished", actorId, listingId, data: { indexable } });
    }
    if (before.published === update.published || Object.keys(changes).some((k) => k !== "indexable")) {
      await recordListingActivity(tx, { kind: "listing.publication-changed", actorId, listingId, data: { changes } });
    }
    return saved;
  });
  return toPublication(row, row.token, !listing.addressConfidential, origin);
}

/** A new address for the page: the old one answers 404 from now on. */
export async function rotatePublication(db: Db, listingId: string, actorId: number, origin: string): Promise<Publication> {
  const listing = await getListing(db, listingId);
  await ensurePublication(db, listingId);
  const row = await db.transaction(async (tx) => {
    await findPublication(tx, listingId, { lock: true });
    const saved = await updatePublication(tx, listingId, { token: newToken() });
    await recordListingActivity(tx, { kind: "listing.public-link-rotated", actorId, listingId });
    return saved;
  });
  return toPublication(row, row.token, !listing.addressConfidential, origin);
}

/**
 * The links of the pages that are served now (published, of an active listing), by listing id:
 * what new posts carry. An unpublished,
 * inactive, withdrawn or expired listing has none, so no post points at a page that answers 410.
 */
export async function servedPageUrls(db: Db, listings: (Pick<Listing, "id" | "isActive" | "offeringType"> & { dealStage?: DealStage | null })[], origin: string): Promise<Map<string, string>> {
  // A withdrawn or expired listing's page answers 410 (shared/market-status.ts): no post links it.
  const active = listings.filter((l) => l.isActive && marketStatus(l).state !== "offMarket").map((l) => l.id);
  const rows = await findPublishedTokens(db, active);
  return new Map(rows.map((r) => [r.listingId, `${origin}${publicPagePath(r.token)}`]));
}
