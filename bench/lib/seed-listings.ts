import { sql } from "drizzle-orm";
import { MARKETING_CATEGORIES, OFFERING_TYPES, STATE_CODES } from "../../shared/schema.js";
import { agents, listingNotes, listings } from "../../server/db/tables.js";
import type { Db } from "../../server/db/database.js";
import { BUILDING_CLASSES, DEAL_STAGES, LEASE_TYPES, PROPERTY_TYPES } from "../../shared/listing-fact-choices.js";
import { addDays } from "../../shared/parse/dates.js";

const BATCH = 500;
const DAY = 86_400_000;
const pick = <T>(list: readonly T[], i: number) => list[i % list.length];

/** "full": most of the seventeen facts, as a team that fills everything in; "typical": a search export's few. */
export type FactFill = "full" | "typical";

/**
 * The facts a listing of a busy commercial team has, as LoopNet and Crexi exports
 * carry them: every listing its type, ZIP, stage and listing date; sales a price (most with a cap
 * rate), leases a rate with its unit and type; most a building size, some a lot, a year, a class,
 * zoning, a subtype; a third an expiration date, some of them within 30 days.
 */
export function listingFactsFor(i: number, today: string, fill: FactFill = "full") {
  const sale = i % 3 !== 1;
  const lease = i % 3 !== 0;
  if (fill === "typical") {
    // What every row of a LoopNet or Crexi search export has: type, ZIP, price or rate, size, status.
    return {
      propertyType: pick(PROPERTY_TYPES, i),
      zip: String(26_501 + (i % 400)),
      askingPrice: sale ? 250_000 + (i % 97) * 25_000 : null,
      leaseRate: sale ? null : 8 + (i % 40) * 0.5,
      leaseRateUnit: sale ? null : ("per SF/yr" as const),
      buildingSizeSf: 1_200 + (i % 150) * 400,
      dealStage: pick(DEAL_STAGES, i),
    };
  }
  return {
    propertyType: pick(PROPERTY_TYPES, i),
    propertySubtype: i % 4 === 0 ? pick(["Strip Center", "Free-Standing", "Medical Office", "Warehouse"], i) : null,
    zip: String(26_501 + (i % 400)),
    askingPrice: sale ? 250_000 + (i % 97) * 25_000 : null,
    leaseRate: lease ? 8 + (i % 40) * 0.5 : null,
    leaseRateUnit: lease ? ("per SF/yr" as const) : null,
    leaseType: lease ? pick(LEASE_TYPES, i) : null,
    buildingSizeSf: i % 10 === 9 ? null : 1_200 + (i % 150) * 400,
    availableSizeSf: lease && i % 2 === 0 ? 800 + (i % 50) * 100 : null,
    lotSizeAcres: i % 3 === 0 ? 0.25 + (i % 40) * 0.125 : null,
    yearBuilt: i % 5 === 4 ? null : 1950 + (i % 75),
    buildingClass: i % 2 === 0 ? pick(BUILDING_CLASSES, i) : null,
    capRate: sale && i % 2 === 0 ? 5 + (i % 30) * 0.25 : null,
    zoning: i % 3 === 0 ? pick(["C-1", "C-2", "B-1", "I-1"], i) : null,
    dealStage: pick(DEAL_STAGES, i),
    listingDate: addDays(today, -(i % 300)),
    expirationDate: i % 3 === 0 ? addDays(today, (i % 120) - 10) : null,
  };
}

/**
 * Fills the database the way a busy team's looks: most listings active, a few starred, a fifth
 * with notes, most assigned to one of a few dozen agents, each with its ten posts; with `facts`,
 * each with the facts listingFactsFor gives it.
 */
export async function seedListings(
  db: Db,
  count: number,
  noteAuthorId: number,
  { facts }: { facts?: FactFill } = {},
): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  const agentRows = await db
    .insert(agents)
    .values(Array.from({ length: 30 }, (_, i) => ({ name: `Agent ${i + 1}`, email: `agent${i + 1}@example.com`, phone: "304-555-0100" })))
    .returning({ id: agents.id });
  const now = Date.now();
  for (let start = 0; start < count; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, count - start) }, (_, k) => {
      const i = start + k;
      return {
        listingName: `Listing ${i + 1}`,
        address: `${100 + (i % 9000)} Main Street`,
        city: pick(["Morgantown", "Pittsburgh", "Hagerstown", "Wheeling", "Columbus"], i),
        state: pick(STATE_CODES, i),
        offeringType: pick(OFFERING_TYPES, i),
        marketingCategory: pick(MARKETING_CATEGORIES, i),
        propertyDescription: `A ${pick(["restaurant", "retail", "office", "warehouse"], i)} property with parking, signage and steady traffic. `.repeat(3),
        notes: i % 3 === 0 ? "Owner prefers weekday showings." : null,
        marketingFlyerLink: `https://flyers.example.com/${i + 1}.pdf`,
        looplinkLink: i % 2 === 0 ? `https://www.loopnet.com/Listing/${i + 1}` : null,
        imageUrl: i % 4 === 0 ? null : `/objects/uploads/${i + 1}.jpg`,
        agentId: i % 5 === 0 ? null : agentRows[i % agentRows.length].id,
        isActive: i % 10 < 7,
        isStarred: i % 20 === 0,
        aiGeneratedPosts: Array.from({ length: 10 }, (_, p) => `Post ${p + 1} about listing ${i + 1}: come and see it this week!`),
        createdAt: new Date(now - (i % 365) * DAY - i * 1000),
        ...(facts ? listingFactsFor(i, today, facts) : {}),
      };
    });
    const inserted = await db.insert(listings).values(rows).returning({ id: listings.id });
    const notes = inserted
      .filter((_, k) => (start + k) % 5 === 0)
      .flatMap(({ id }) => [1, 2].map((n) => ({ listingId: id, userId: noteAuthorId, content: `Note ${n}` })));
    if (notes.length > 0) await db.insert(listingNotes).values(notes);
  }
  // PGlite runs no autovacuum, so the planner has no statistics unless asked.
  await db.execute(sql`analyze`);
}
