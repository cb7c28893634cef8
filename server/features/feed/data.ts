import { and, asc, desc, eq, inArray, isNull, lt, not, sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/database.js";
import { agents, auditEvents, brand, feedKeys, feedMembers, listingPhotos, listingPublications, listings, listingSpaces } from "../../db/tables.js";

export type FeedKeyRow = typeof feedKeys.$inferSelect;

export const listFeedKeys = (db: Db): Promise<FeedKeyRow[]> => db.select().from(feedKeys).orderBy(asc(feedKeys.id));

export async function insertFeedKey(tx: Tx, values: { name: string; keyHash: string; createdById: number }): Promise<FeedKeyRow> {
  const [row] = await tx.insert(feedKeys).values(values).returning();
  return row;
}

export async function deleteFeedKey(tx: Tx, id: number): Promise<FeedKeyRow | undefined> {
  const [row] = await tx.delete(feedKeys).where(eq(feedKeys.id, id)).returning();
  return row;
}

export async function findFeedKeyByHash(db: Db, keyHash: string): Promise<Pick<FeedKeyRow, "id"> | undefined> {
  const [row] = await db.select({ id: feedKeys.id }).from(feedKeys).where(eq(feedKeys.keyHash, keyHash));
  return row;
}

export async function touchFeedKey(db: Db, id: number, at: Date): Promise<void> {
  await db.update(feedKeys).set({ lastUsedAt: at }).where(eq(feedKeys.id, id));
}

// What the outgoing rule and a feed record read of a listing, and nothing else (not its posts or notes).
const outgoingColumns = {
  id: listings.id,
  listingName: listings.listingName,
  isActive: listings.isActive,
  offeringType: listings.offeringType,
  dealStage: listings.dealStage,
  propertyType: listings.propertyType,
  askingPrice: listings.askingPrice,
  leaseRate: listings.leaseRate,
  leaseRateUnit: listings.leaseRateUnit,
  availableSizeSf: listings.availableSizeSf,
  spacesSummary: listings.spacesSummary,
  buildingSizeSf: listings.buildingSizeSf,
  lotSizeAcres: listings.lotSizeAcres,
  capRate: listings.capRate,
  zoning: listings.zoning,
  yearBuilt: listings.yearBuilt,
  address: listings.address,
  city: listings.city,
  state: listings.state,
  zip: listings.zip,
  latitude: listings.latitude,
  longitude: listings.longitude,
  addressConfidential: listings.addressConfidential,
  propertyDescription: listings.propertyDescription,
  updatedAt: listings.updatedAt,
  // What the inventory's cards read besides: the flyer's content of a listing, its agent and age.
  propertySubtype: listings.propertySubtype,
  marketingCategory: listings.marketingCategory,
  marketingFlyerLink: listings.marketingFlyerLink,
  looplinkLink: listings.looplinkLink,
  leaseType: listings.leaseType,
  buildingClass: listings.buildingClass,
  listingDate: listings.listingDate,
  expirationDate: listings.expirationDate,
  agentId: listings.agentId,
  createdAt: listings.createdAt,
};

/** Every published listing with what the outgoing rule and the feed read of it (a few thousand at most). */
export function findPublishedListings(db: Db) {
  const confirmed = db
    .select({ listingId: listingPhotos.listingId, n: sql<number>`count(*)::int`.as("n") })
    .from(listingPhotos)
    .where(eq(listingPhotos.rightsConfirmed, true))
    .groupBy(listingPhotos.listingId)
    .as("confirmed");
  return db
    .select({
      listing: outgoingColumns,
      token: listingPublications.token,
      published: listingPublications.published,
      inventory: listingPublications.inventory,
      syndicate: listingPublications.syndicate,
      publicationUpdatedAt: listingPublications.updatedAt,
      agentName: agents.name,
      agentEmail: agents.email,
      agentUpdatedAt: agents.updatedAt,
      confirmedPhotos: sql<number>`coalesce(${confirmed.n}, 0)`,
    })
    .from(listingPublications)
    .innerJoin(listings, eq(listings.id, listingPublications.listingId))
    .leftJoin(agents, eq(agents.id, listings.agentId))
    .leftJoin(confirmed, eq(confirmed.listingId, listings.id))
    .where(eq(listingPublications.published, true));
}
export type PublishedListingRow = Awaited<ReturnType<typeof findPublishedListings>>[number];

/**
 * When each of these Closed listings closed: its last edit that set the deal stage to Closed
 * (the audit trail keeps it for AUDIT_RETENTION_DAYS).
 */
export async function findClosedAt(db: Db, listingIds: string[]): Promise<Map<string, Date>> {
  if (listingIds.length === 0) return new Map();
  const rows = await db
    .select({ listingId: auditEvents.listingId, at: sql<Date>`max(${auditEvents.at})` })
    .from(auditEvents)
    .where(and(inArray(auditEvents.listingId, listingIds), sql`${auditEvents.data} -> 'changes' -> 'dealStage' ->> 1 = 'Closed'`))
    .groupBy(auditEvents.listingId);
  return new Map(rows.map((r) => [r.listingId!, new Date(r.at)]));
}

/** The rights-confirmed photos of these listings, each listing's cover first, then in gallery order. */
export function findConfirmedPhotosOf(db: Db, listingIds: string[]) {
  if (listingIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: listingPhotos.id, listingId: listingPhotos.listingId, url: listingPhotos.url, kind: listingPhotos.kind, createdAt: listingPhotos.createdAt })
    .from(listingPhotos)
    .where(and(inArray(listingPhotos.listingId, listingIds), eq(listingPhotos.rightsConfirmed, true)))
    .orderBy(asc(listingPhotos.listingId), desc(listingPhotos.isCover), asc(listingPhotos.position), asc(listingPhotos.id));
}

/** The spaces on offer (available or pending) of these listings, each listing's in the order they were added. */
export function findOfferedSpacesOf(db: Db, listingIds: string[]) {
  if (listingIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      listingId: listingSpaces.listingId,
      suite: listingSpaces.suite,
      floor: listingSpaces.floor,
      sizeSf: listingSpaces.sizeSf,
      minDivisibleSf: listingSpaces.minDivisibleSf,
      rate: listingSpaces.rate,
      rateUnit: listingSpaces.rateUnit,
      leaseType: listingSpaces.leaseType,
      availableOn: listingSpaces.availableOn,
      status: listingSpaces.status,
    })
    .from(listingSpaces)
    .where(and(inArray(listingSpaces.listingId, listingIds), inArray(listingSpaces.status, ["available", "pending"])))
    .orderBy(asc(listingSpaces.listingId), asc(listingSpaces.id));
}
export type OfferedSpaceRow = Awaited<ReturnType<typeof findOfferedSpacesOf>>[number];

export async function findBrandStamp(db: Db): Promise<{ brokerageName: string; updatedAt: Date } | undefined> {
  const [row] = await db.select({ brokerageName: brand.brokerageName, updatedAt: brand.updatedAt }).from(brand).where(eq(brand.id, 1));
  return row;
}

export type FeedMemberRow = typeof feedMembers.$inferSelect;

/**
 * Records who is in the feed now: members re-entered or new are marked in, those no longer in
 * are marked gone (once: the first server to notice writes the time), departures older than
 * `forgetBefore` are forgotten. Answers the departures still remembered.
 */
export async function reconcileFeedMembers(
  db: Db,
  inFeed: string[],
  leaving: (listingId: string) => "Closed" | "Withdrawn",
  forgetBefore: Date,
): Promise<FeedMemberRow[]> {
  return db.transaction(async (tx) => {
    await tx.delete(feedMembers).where(lt(feedMembers.leftAt, forgetBefore));
    if (inFeed.length > 0) {
      await tx
        .insert(feedMembers)
        .values(inFeed.map((listingId) => ({ listingId })))
        .onConflictDoUpdate({ target: feedMembers.listingId, set: { leftAt: null, leftAs: null }, setWhere: sql`${feedMembers.leftAt} is not null` });
    }
    const gone = await tx
      .select({ listingId: feedMembers.listingId })
      .from(feedMembers)
      .where(and(isNull(feedMembers.leftAt), inFeed.length > 0 ? not(inArray(feedMembers.listingId, inFeed)) : undefined));
    for (const { listingId } of gone) {
      await tx
        .update(feedMembers)
        .set({ leftAt: sql`now()`, leftAs: leaving(listingId) })
        .where(and(eq(feedMembers.listingId, listingId), isNull(feedMembers.leftAt)));
    }
    return tx.select().from(feedMembers).where(sql`${feedMembers.leftAt} is not null`);
  });
}
