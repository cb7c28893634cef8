// Valid inputs and rows for tests: each call makes a new, distinct record; overrides win.
import { type Agent, type Listing, type ListingFormValues } from "../../shared/schema.js";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import { agents, leads, listingPublications } from "../db/tables.js";
import type { Db } from "../db/database.js";
import { insertListing, type NewListingRow } from "../features/listings/data.js";

let counter = 0;
const next = () => (counter += 1);

/** A body POST /api/listings accepts (the form's values: imageUrl empty, as the client sends it). */
export function validListingInput(overrides: Partial<ListingFormValues> = {}): ListingFormValues {
  const n = next();
  return {
    listingName: `Test Listing ${n}`,
    address: `${100 + n} Main Street`,
    city: "Morgantown",
    state: "WV",
    offeringType: "Sell",
    propertyDescription: `A well-kept retail building on a busy corner, number ${n}.`,
    marketingCategory: "Double",
    notes: "",
    marketingCategoryReference: "",
    marketingFlyerLink: "",
    looplinkLink: "",
    googleDriveLink: "",
    dropboxLink: "",
    imageUrl: "",
    agentId: null,
    ...overrides,
  };
}

/** A listing straight in the database, bypassing the API (and its posts hook). */
export async function createListing(db: Db, overrides: Partial<NewListingRow> = {}): Promise<Listing> {
  const n = next();
  return insertListing(db, {
    listingName: `Listing ${n}`,
    address: `${200 + n} Market Street`,
    city: "Pittsburgh",
    state: "PA",
    offeringType: "Lease",
    propertyDescription: `Office space with parking, number ${n}.`,
    marketingCategory: "Single",
    ...overrides,
  });
}

/** A listing's page published straight in the database (a fresh token); answers the token. */
export async function publishListing(db: Db, listingId: string): Promise<string> {
  const token = randomBytes(18).toString("base64url");
  await db.insert(listingPublications).values({ listingId, token, published: true, publishedAt: new Date() });
  return token;
}

/** An agent straight in the database. */
export async function createAgent(db: Db, overrides: Partial<typeof agents.$inferInsert> = {}): Promise<Agent> {
  const n = next();
  const [row] = await db
    .insert(agents)
    .values({ name: `Agent ${n}`, email: `agent${n}@example.com`, phone: "304-555-0100", ...overrides })
    .returning();
  return row;
}

/**
 * `count` leads straight in the database, in a few statements. Their last activity falls within a
 * couple of milliseconds, three leads to each microsecond, so paging that kept only a JS Date's
 * milliseconds, or ignored the id among equal times, would repeat or lose leads.
 */
export async function createLeads(db: Db, count: number, opts: { prefix?: string } = {}): Promise<number[]> {
  const prefix = opts.prefix ?? `lead${next()}`;
  const ids: number[] = [];
  for (let start = 0; start < count; start += 500) {
    const batch = Array.from({ length: Math.min(500, count - start) }, (_, k) => start + k);
    const rows = await db
      .insert(leads)
      .values(
        batch.map((i) => ({
          name: `${prefix} Person ${i}`,
          email: `${prefix}.${i}@example.com`,
          role: "principal" as const,
          source: "manual" as const,
          lastActivityAt: sql`timestamptz '2026-11-01T12:00:00Z' + ${Math.floor(i / 3)} * interval '1 microsecond'`,
        })),
      )
      .returning({ id: leads.id });
    ids.push(...rows.map((r) => r.id));
  }
  return ids;
}
