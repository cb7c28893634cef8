// Which published listings go out, read from the database and judged by the one rule in
// shared/outgoing-listings.ts. The inventory page and the feed both start here.
import { inFeed, inInventory, type Outgoing, type OutgoingFacts, type OutgoingWindow } from "../../../shared/outgoing-listings.js";
import type { Db } from "../../db/database.js";
import { findClosedAt, findPublishedListings, type PublishedListingRow } from "./data.js";

export interface JudgedListing {
  row: PublishedListingRow;
  inventory: Outgoing;
  feed: Outgoing;
}

const factsOf = (row: PublishedListingRow, closedAt: Date | null): OutgoingFacts => ({
  published: row.published,
  inventory: row.inventory,
  syndicate: row.syndicate,
  isActive: row.listing.isActive,
  offeringType: row.listing.offeringType,
  dealStage: row.listing.dealStage,
  askingPrice: row.listing.askingPrice,
  leaseRate: row.listing.leaseRate,
  pricedSpaces: row.listing.spacesSummary?.minRate != null,
  confirmedPhotos: Number(row.confirmedPhotos),
  closedAt,
});

/**
 * Every published listing, each with whether it is in the inventory and in the feed (and if
 * not, why). An unpublished listing is in neither and is not read at all.
 */
export async function judgePublishedListings(db: Db, window: OutgoingWindow): Promise<JudgedListing[]> {
  const rows = await findPublishedListings(db);
  // When a deal closed matters only while closed listings are shown at all.
  const closed = window.soldDays > 0 ? rows.filter((r) => r.listing.dealStage === "Closed").map((r) => r.listing.id) : [];
  const closedAt = await findClosedAt(db, closed);
  return rows.map((row) => {
    // Closed before the trail remembers: the listing's last change is the best we know.
    const facts = factsOf(row, row.listing.dealStage === "Closed" ? (closedAt.get(row.listing.id) ?? row.listing.updatedAt) : null);
    return { row, inventory: inInventory(facts, window), feed: inFeed(facts, window) };
  });
}
