// Queries for CSV import and export. Imports write in batches of whole column arrays through
// unnest(): a handful of statements for any number of rows, never one statement per row.
import { and, asc, eq, getTableColumns, gt, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { LISTING_FACT_FIELDS } from "../../../shared/listing-facts.js";
import type { Db, Tx } from "../../db/database.js";
import { arrayParam, rowsOf } from "../../db/raw-sql.js";
import { agents, listings, listingSpaces, rentRollTenants } from "../../db/tables.js";
import { LOCATION_WRITTEN, locationAssignments, WRITE_COLUMNS, type ImportValues, type WritableField } from "../listing-rows/service.js";

/** Rows per insert: large enough that statement overhead vanishes, small enough that one
 * statement's arrays stay a few megabytes. */
const INSERT_BATCH = 5_000;
/** Rows per update: larger, because against a big table each update statement may hash-join with a
 * scan of the whole table, and fewer statements mean fewer scans. */
const UPDATE_BATCH = 25_000;

/** Whether the agent exists, keeping it from being deleted until the transaction ends. */
export async function agentExists(tx: Tx, id: string): Promise<boolean> {
  const [row] = await tx.select({ id: agents.id }).from(agents).where(eq(agents.id, id)).for("key share");
  return Boolean(row);
}

/** One listing to write: its id, the row's values, and its agent when the import sets one. */
export interface ListingWrite {
  id: string;
  values: ImportValues;
  agentId?: string | null;
}

const DEFAULTS: Partial<Record<WritableField, unknown>> = { isActive: true };
const batches = <T>(items: T[], size: number) =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
const name = (c: PgColumn) => sql.identifier(c.name);

function unnestOf(rows: ListingWrite[], columns: typeof WRITE_COLUMNS) {
  const arrays = [
    arrayParam(rows.map((r) => r.id), "text"),
    ...columns.map(({ field, type }) =>
      arrayParam(rows.map((r) => (field === "agentId" ? r.agentId : r.values[field]) ?? DEFAULTS[field] ?? null), type),
    ),
  ];
  return sql`unnest(${sql.join(arrays, sql`, `)})`;
}

export async function insertListings(tx: Tx, rows: ListingWrite[]): Promise<void> {
  const columnList = sql.join([name(listings.id), ...WRITE_COLUMNS.map((c) => name(c.column))], sql`, `);
  for (const batch of batches(rows, INSERT_BATCH)) {
    await tx.execute(sql`insert into ${listings} (${columnList}) select * from ${unnestOf(batch, WRITE_COLUMNS)}`);
  }
}

/**
 * Writes only the given fields; a row whose values are already those is left untouched. A
 * listing the file changes gets a new version, by the person importing.
 * Returns the ids it changed.
 */
export async function updateListings(tx: Tx, rows: ListingWrite[], fields: Set<WritableField>, by: number | null): Promise<string[]> {
  const columns = WRITE_COLUMNS.filter((c) => fields.has(c.field));
  const alias = sql.join([sql`id`, ...columns.map((c) => name(c.column))], sql`, `);
  const location = locationAssignments([...fields], "u");
  const plain = location.length ? columns.filter((c) => !LOCATION_WRITTEN.includes(c.field)) : columns;
  const set = sql.join(
    [
      ...plain.map((c) => sql`${name(c.column)} = u.${name(c.column)}`),
      ...location,
      sql`${name(listings.updatedAt)} = now()`,
      sql`${name(listings.version)} = l.${name(listings.version)} + 1`,
      sql`${name(listings.updatedById)} = ${by}`,
    ],
    sql`, `,
  );
  const current = sql.join(columns.map((c) => sql`l.${name(c.column)}`), sql`, `);
  const incoming = sql.join(columns.map((c) => sql`u.${name(c.column)}`), sql`, `);
  const changed: string[] = [];
  for (const batch of batches(rows, UPDATE_BATCH)) {
    const result = await tx.execute(sql`
      update ${listings} as l set ${set}
      from ${unnestOf(batch, columns)} as u(${alias})
      where l.id = u.id and row(${current}) is distinct from row(${incoming})
      returning l.id`);
    for (const row of rowsOf<{ id: string }>(result)) changed.push(row.id);
  }
  return changed;
}

// ---------------------------------------------------------------- export

const exportFields = {
  id: listings.id,
  listingName: listings.listingName,
  address: listings.address,
  city: listings.city,
  state: listings.state,
  offeringType: listings.offeringType,
  propertyDescription: listings.propertyDescription,
  marketingCategory: listings.marketingCategory,
  notes: listings.notes,
  marketingCategoryReference: listings.marketingCategoryReference,
  marketingFlyerLink: listings.marketingFlyerLink,
  looplinkLink: listings.looplinkLink,
  googleDriveLink: listings.googleDriveLink,
  dropboxLink: listings.dropboxLink,
  isActive: listings.isActive,
  agentName: agents.name,
  ...Object.fromEntries(LISTING_FACT_FIELDS.map((f) => [f, listings[f]])),
  latitude: listings.latitude,
  longitude: listings.longitude,
} as const;
/** One page of listings in id order, after the given id (keyset pagination), optionally only
 * among the given ids. */
export async function exportPage(db: Db, after: string | null, limit: number, ids?: string[]) {
  return db
    .select(exportFields)
    .from(listings)
    .leftJoin(agents, eq(agents.id, listings.agentId))
    .where(and(after === null ? undefined : gt(listings.id, after), ids ? sql`${listings.id} = any(${arrayParam(ids, "text")})` : undefined))
    .orderBy(asc(listings.id))
    .limit(limit);
}

/** The ids among these that exist, in id order. */
export async function existingIds(db: Db, ids: string[]): Promise<string[]> {
  const rows = await db
    .select({ id: listings.id })
    .from(listings)
    .where(sql`${listings.id} = any(${arrayParam(ids, "text")})`)
    .orderBy(asc(listings.id));
  return rows.map((r) => r.id);
}

/**
 * Among these listings, how many break a rule between facts once written: a lease rate without
 * its unit, or an expiration before the listing date (an update writes only the file's columns,
 * so the other half of a pair is the stored one).
 */
export async function countFactConflicts(tx: Tx, ids: string[]): Promise<{ leaseRate: number; expiration: number }> {
  const [row] = rowsOf<{ lease: number; expiration: number }>(
    await tx.execute(sql`
      select count(*) filter (where ${listings.leaseRate} is not null and ${listings.leaseRateUnit} is null)::int as lease,
        count(*) filter (where ${listings.expirationDate} < ${listings.listingDate})::int as expiration
      from ${listings} where ${listings.id} = any(${arrayParam(ids, "text")})`),
  );
  return { leaseRate: row.lease, expiration: row.expiration };
}

// ---------------------------------------------------------------- spaces and rent roll files

const listingRef = { listingId: listings.id, listingName: listings.listingName, address: listings.address, city: listings.city };

/** Keyset after a (listing, row) pair: rows come grouped by listing, in the order they were added. */
const afterPair = (table: typeof listingSpaces | typeof rentRollTenants, after: { listingId: string; id: number } | null) =>
  after === null ? undefined : sql`(${table.listingId}, ${table.id}) > (${after.listingId}, ${after.id})`;
const amongIds = (ids: string[] | undefined) => (ids ? sql`${listings.id} = any(${arrayParam(ids, "text")})` : undefined);

/** One page of spaces with their listing, by listing id then space id, optionally only of the given listings. */
export function spacesExportPage(db: Db, after: { listingId: string; id: number } | null, limit: number, ids?: string[]) {
  const { id: _i, listingId: _l, createdAt: _c, photoIds: _p, ...columns } = getTableColumns(listingSpaces);
  return db
    .select({ ...listingRef, id: listingSpaces.id, ...columns })
    .from(listingSpaces)
    .innerJoin(listings, eq(listings.id, listingSpaces.listingId))
    .where(and(afterPair(listingSpaces, after), amongIds(ids)))
    .orderBy(asc(listingSpaces.listingId), asc(listingSpaces.id))
    .limit(limit);
}

/** One page of rent roll tenants with their listing, as spacesExportPage. */
export function tenantsExportPage(db: Db, after: { listingId: string; id: number } | null, limit: number, ids?: string[]) {
  const { id: _i, listingId: _l, createdAt: _c, ...columns } = getTableColumns(rentRollTenants);
  return db
    .select({ ...listingRef, id: rentRollTenants.id, ...columns })
    .from(rentRollTenants)
    .innerJoin(listings, eq(listings.id, rentRollTenants.listingId))
    .where(and(afterPair(rentRollTenants, after), amongIds(ids)))
    .orderBy(asc(rentRollTenants.listingId), asc(rentRollTenants.id))
    .limit(limit);
}
