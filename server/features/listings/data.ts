import { count, eq, getTableColumns, inArray, not, sql, type Column, type SQL } from "drizzle-orm";
import { LISTING_FACT_FIELDS } from "../../../shared/listing-facts.js";
import { LOCATION_FIELDS } from "../../../shared/location.js";
import { type Listing, type ListingWithMeta } from "../../../shared/schema.js";
import { agents, listingNotes, listings } from "../../db/tables.js";
import type { Db, Tx } from "../../db/database.js";
import { nextVersion } from "../../db/versioning.js";

export type Folder = "all" | "active" | "inactive";
export type NewListingRow = typeof listings.$inferInsert;
export type ListingValues = Partial<NewListingRow>;

// Counted once per listing in one pass over the notes, then joined: the list stays one query
// however many listings there are.
const noteCounts = (db: Db) =>
  db
    .select({ listingId: listingNotes.listingId, n: count().as("n") })
    .from(listingNotes)
    .groupBy(listingNotes.listingId)
    .as("note_counts");

// The posts and what the posts section says about them are for the detail call only.
const { aiGeneratedPosts, posts, postsWriter, postsWrittenAt, postsSource, ...summaryColumns } = getTableColumns(listings);
const postsColumns = { aiGeneratedPosts, posts, postsWriter, postsWrittenAt, postsSource };
// Left out of the list when null, as the facts are: most imported listings lack some of them.
const NULL_LEFT_OUT = new Set<string>([...LISTING_FACT_FIELDS, ...LOCATION_FIELDS]);
const baseColumns = Object.entries(summaryColumns).filter(([key]) => !NULL_LEFT_OUT.has(key));

/** What the screens show with a listing: its agent's name and its note count (joins below). */
function meta(db: Db) {
  const notes = noteCounts(db);
  return {
    notes,
    joinNotes: eq(notes.listingId, listings.id),
    joinAgent: eq(agents.id, listings.agentId),
    agentName: sql<string | null>`${agents.name}`,
    noteCount: sql<number>`coalesce(${notes.n}, 0)::int`,
  };
}

const FOLDER_FILTER: Record<Folder, SQL | undefined> = {
  all: undefined,
  active: eq(listings.isActive, true),
  inactive: eq(listings.isActive, false),
};

// Timestamps as JSON.stringify writes a Date, so a listing reads the same from the list and by id.
const asJson = (column: Column): SQL =>
  column.dataType === "date" ? sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` : sql`${column}`;

/** `"key":value` for a column (or any SQL), null when the value is null and `omitNull` is set. */
const member = (key: string, value: SQL, omitNull = false) =>
  omitNull
    ? sql`${sql.raw(`'"${key}":'`)} || to_json(${value})::text`
    : sql`${sql.raw(`'"${key}":'`)} || coalesce(to_json(${value})::text, 'null')`;

/**
 * One listing as the list writes it, as SQL text: compactly (no spaces), and leaving out the
 * facts a listing lacks: most listings have some of the seventeen, and ten thousand rows of
 * `"zoning" : null` would weigh more than the facts they do have;
 * concat_ws skips those nulls.
 */
function listingJson(m: ReturnType<typeof meta>): SQL<string> {
  const members = [
    ...baseColumns.map(([key, column]) => member(key, asJson(column))),
    member("agentName", m.agentName),
    member("noteCount", m.noteCount),
    // Exact decimals as plain numbers (18.5, not 18.50), as GET /api/listings/:id writes them.
    ...LISTING_FACT_FIELDS.map((key) => member(key, listings[key].columnType === "PgNumericNumber" ? sql`${listings[key]}::float8` : sql`${listings[key]}`, true)),
    ...LOCATION_FIELDS.map((key) => member(key, sql`${listings[key]}`, true)),
  ];
  return sql<string>`'{' || concat_ws(',', ${sql.join(members, sql`, `)}) || '}'`;
}

/**
 * The list as JSON text, ready to send: PostgreSQL renders it in one value, which spares the
 * driver decoding every field of thousands of rows and the server encoding them again.
 * Starred first, newest next: the order of listings_folder_order_idx (NULLS LAST as in the
 * index); the id only breaks ties between rows of one import (listFragments keeps the same order).
 */
export async function listListingsJson(db: Db, folder: Folder): Promise<string> {
  const m = meta(db);
  const [row] = await db
    .select({
      json: sql<string>`'[' || coalesce(string_agg(${listingJson(m)}, ',' order by
        ${listings.isStarred} desc nulls last, ${listings.createdAt} desc nulls last, ${listings.id} desc), '') || ']'`,
    })
    .from(listings)
    .leftJoin(agents, m.joinAgent)
    .leftJoin(m.notes, m.joinNotes)
    .where(FOLDER_FILTER[folder]);
  return row.json;
}

/** One listing of the list, written as the list writes it, with what places it in the list. */
export interface ListFragment {
  id: string;
  isActive: boolean;
  isStarred: boolean;
  /** created_at to the microsecond, UTC, as text that sorts as the time does ("YYYYMMDDHH24MISSUS"). */
  createdKey: string;
  json: string;
}

/**
 * The listings of ids (all of them without ids) as list fragments, in no particular order, for
 * the list cache (list-cache.ts). A listing that is gone is simply not there.
 */
export async function listFragments(db: Db, ids?: string[]): Promise<ListFragment[]> {
  const m = meta(db);
  return db
    .select({
      id: listings.id,
      isActive: listings.isActive,
      isStarred: listings.isStarred,
      createdKey: sql<string>`to_char(${listings.createdAt} at time zone 'UTC', 'YYYYMMDDHH24MISSUS')`,
      json: listingJson(m),
    })
    .from(listings)
    .leftJoin(agents, m.joinAgent)
    .leftJoin(m.notes, m.joinNotes)
    .where(ids ? inArray(listings.id, ids) : undefined);
}

export async function findListing(db: Db, id: string): Promise<ListingWithMeta | undefined> {
  const m = meta(db);
  const [row] = await db
    .select({ ...summaryColumns, ...postsColumns, agentName: m.agentName, noteCount: m.noteCount.mapWith(Number) })
    .from(listings)
    .leftJoin(agents, m.joinAgent)
    .leftJoin(m.notes, m.joinNotes)
    .where(eq(listings.id, id));
  return row;
}

/** The stored row, locked until the transaction ends, so an edit's "before" is the one it replaces. */
export async function lockListingRow(tx: Db | Tx, id: string): Promise<Listing | undefined> {
  const [row] = await tx.select().from(listings).where(eq(listings.id, id)).for("update");
  return row;
}

export async function insertListing(db: Db | Tx, values: NewListingRow): Promise<Listing> {
  const [row] = await db.insert(listings).values(values).returning();
  return row;
}

export async function updateListing(db: Db | Tx, id: string, values: ListingValues, by: number | null): Promise<boolean> {
  const rows = await db
    .update(listings)
    .set({ ...values, ...nextVersion(listings.version, by) })
    .where(eq(listings.id, id))
    .returning({ id: listings.id });
  return rows.length > 0;
}

/**
 * Flips a flag in the database itself, so two quick clicks flip it twice rather than once.
 * Returns the flag's new value and the version written, undefined when there is no such listing.
 */
export async function flipListingFlag(
  db: Db | Tx,
  id: string,
  flag: "isActive" | "isStarred",
  by: number | null,
): Promise<{ value: boolean; version: number } | undefined> {
  const flipped = flag === "isActive" ? { isActive: not(listings.isActive) } : { isStarred: not(listings.isStarred) };
  const [row] = await db
    .update(listings)
    .set({ ...flipped, ...nextVersion(listings.version, by) })
    .where(eq(listings.id, id))
    .returning({ value: listings[flag], version: listings.version });
  return row;
}

/** Deletes the listing and returns it as it was (the audit log keeps that snapshot). */
export async function deleteListing(db: Db | Tx, id: string): Promise<Listing | undefined> {
  const [row] = await db.delete(listings).where(eq(listings.id, id)).returning();
  return row;
}

export async function findAgentName(db: Db | Tx, agentId: string): Promise<string | undefined> {
  const [row] = await db.select({ name: agents.name }).from(agents).where(eq(agents.id, agentId));
  return row?.name;
}

/** How many listings each folder holds, for the sidebar: one grouped count over the index. */
export async function countListingsByFolder(db: Db): Promise<{ active: number; inactive: number }> {
  const rows = await db.select({ isActive: listings.isActive, n: count() }).from(listings).groupBy(listings.isActive);
  return {
    active: rows.find((r) => r.isActive)?.n ?? 0,
    inactive: rows.find((r) => !r.isActive)?.n ?? 0,
  };
}
