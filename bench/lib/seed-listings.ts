import { sql } from "drizzle-orm";
import { MARKETING_CATEGORIES, OFFERING_TYPES, STATE_CODES } from "../../shared/schema.js";
import { agents, listingNotes, listings } from "../../server/db/tables.js";
import type { Db } from "../../server/db/database.js";

const BATCH = 500;
const DAY = 86_400_000;
const pick = <T>(list: readonly T[], i: number) => list[i % list.length];

/**
 * Fills the database the way a busy team's looks: most listings active, a few starred, a fifth
 * with notes, most assigned to one of a few dozen agents, each with its ten posts.
 */
export async function seedListings(db: Db, count: number, noteAuthorId: number): Promise<void> {
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
