// The spaces, the rent roll and the operating statement of listings, and the listing columns
// they change (its spaces summary, its version). Only this file touches their tables.
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { IncomeImportKind } from "../../../shared/income-import.js";
import type { StatementYear } from "../../../shared/operating-statement.js";
import type { SpacesSummary } from "../../../shared/spaces-summary.js";
import type { Db, Tx } from "../../db/database.js";
import { listingPhotos, listings, listingSpaces, operatingStatements, incomeImports, rentRollTenants } from "../../db/tables.js";
import { nextVersion } from "../../db/versioning.js";

export type SpaceRow = typeof listingSpaces.$inferSelect;
export type NewSpaceRow = Omit<typeof listingSpaces.$inferInsert, "id" | "listingId" | "createdAt">;
export type TenantRow = typeof rentRollTenants.$inferSelect;
export type NewTenantRow = Omit<typeof rentRollTenants.$inferInsert, "id" | "listingId" | "createdAt">;

export interface ListingFigures {
  buildingSizeSf: number | null;
  askingPrice: number | null;
}

/**
 * The listing's row locked until the transaction ends: every change to one listing's spaces or
 * rent roll runs after the one before has committed, so the summary written is of the spaces
 * as they are and the per-listing caps hold under concurrent requests.
 */
export async function lockListing(tx: Tx, listingId: string): Promise<ListingFigures | undefined> {
  const [row] = await tx
    .select({ buildingSizeSf: listings.buildingSizeSf, askingPrice: listings.askingPrice })
    .from(listings)
    .where(eq(listings.id, listingId))
    .for("update");
  return row;
}

export async function findListingFigures(db: Db | Tx, listingId: string): Promise<ListingFigures | undefined> {
  const [row] = await db.select({ buildingSizeSf: listings.buildingSizeSf, askingPrice: listings.askingPrice }).from(listings).where(eq(listings.id, listingId));
  return row;
}

/** Bumps the listing's version (its ETag, the change event open screens and the public page's cache hear), with any summary given. */
export async function bumpListing(tx: Tx, listingId: string, by: number | null, values: { spacesSummary?: SpacesSummary | null } = {}): Promise<number> {
  const [row] = await tx
    .update(listings)
    .set({ ...values, ...nextVersion(listings.version, by) })
    .where(eq(listings.id, listingId))
    .returning({ version: listings.version });
  return row.version;
}

// ---------------------------------------------------------------- spaces

export function findSpaces(db: Db | Tx, listingId: string): Promise<SpaceRow[]> {
  return db.select().from(listingSpaces).where(eq(listingSpaces.listingId, listingId)).orderBy(asc(listingSpaces.id));
}

export async function findSpace(db: Db | Tx, listingId: string, spaceId: number): Promise<SpaceRow | undefined> {
  const [row] = await db.select().from(listingSpaces).where(and(eq(listingSpaces.listingId, listingId), eq(listingSpaces.id, spaceId)));
  return row;
}

export async function insertSpace(tx: Tx, listingId: string, values: NewSpaceRow): Promise<SpaceRow> {
  const [row] = await tx.insert(listingSpaces).values({ ...values, listingId }).returning();
  return row;
}

export async function updateSpace(tx: Tx, spaceId: number, values: Partial<NewSpaceRow>): Promise<SpaceRow> {
  const [row] = await tx.update(listingSpaces).set(values).where(eq(listingSpaces.id, spaceId)).returning();
  return row;
}

export async function deleteSpace(tx: Tx, spaceId: number): Promise<void> {
  await tx.delete(listingSpaces).where(eq(listingSpaces.id, spaceId));
}

/** Which of `ids` are photos of the listing. */
export async function photoIdsOfListing(db: Db | Tx, listingId: string, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: listingPhotos.id })
    .from(listingPhotos)
    .where(and(eq(listingPhotos.listingId, listingId), inArray(listingPhotos.id, ids)));
  return rows.map((r) => r.id);
}

/** The available spaces of a listing for its public page, in the order they were added. */
export function findAvailableSpaces(db: Db | Tx, listingId: string): Promise<SpaceRow[]> {
  return db
    .select()
    .from(listingSpaces)
    .where(and(eq(listingSpaces.listingId, listingId), eq(listingSpaces.status, "available")))
    .orderBy(asc(listingSpaces.id));
}

// ---------------------------------------------------------------- rent roll

export function findTenants(db: Db | Tx, listingId: string): Promise<TenantRow[]> {
  return db.select().from(rentRollTenants).where(eq(rentRollTenants.listingId, listingId)).orderBy(asc(rentRollTenants.id));
}

export async function findTenant(db: Db | Tx, listingId: string, tenantId: number): Promise<TenantRow | undefined> {
  const [row] = await db.select().from(rentRollTenants).where(and(eq(rentRollTenants.listingId, listingId), eq(rentRollTenants.id, tenantId)));
  return row;
}

export async function countOf(db: Db | Tx, table: "spaces" | "tenants", listingId: string): Promise<number> {
  const t = table === "spaces" ? listingSpaces : rentRollTenants;
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(t).where(eq(t.listingId, listingId));
  return row.n;
}

export async function insertTenant(tx: Tx, listingId: string, values: NewTenantRow): Promise<TenantRow> {
  const [row] = await tx.insert(rentRollTenants).values({ ...values, listingId }).returning();
  return row;
}

export async function updateTenant(tx: Tx, tenantId: number, values: Partial<NewTenantRow>): Promise<TenantRow> {
  const [row] = await tx.update(rentRollTenants).set(values).where(eq(rentRollTenants.id, tenantId)).returning();
  return row;
}

export async function deleteTenant(tx: Tx, tenantId: number): Promise<void> {
  await tx.delete(rentRollTenants).where(eq(rentRollTenants.id, tenantId));
}

// ---------------------------------------------------------------- imports of the rent roll and spaces

export type IncomeImportRow = typeof incomeImports.$inferSelect;

/** Replaces the listing's tenants with `rows` (ids given are kept: an undo puts the old rows back as they were). */
export async function replaceTenants(tx: Tx, listingId: string, rows: (NewTenantRow & { id?: number })[]): Promise<TenantRow[]> {
  await tx.delete(rentRollTenants).where(eq(rentRollTenants.listingId, listingId));
  if (rows.length === 0) return [];
  return tx
    .insert(rentRollTenants)
    .values(rows.map((r) => ({ ...r, listingId })))
    .returning();
}

/** Replaces the listing's spaces with `rows`, as replaceTenants does the tenants. */
export async function replaceSpaces(tx: Tx, listingId: string, rows: (NewSpaceRow & { id?: number })[]): Promise<SpaceRow[]> {
  await tx.delete(listingSpaces).where(eq(listingSpaces.listingId, listingId));
  if (rows.length === 0) return [];
  return tx
    .insert(listingSpaces)
    .values(rows.map((r) => ({ ...r, listingId })))
    .returning();
}

export async function insertIncomeImport(tx: Tx, values: Omit<typeof incomeImports.$inferInsert, "id" | "createdAt" | "undoneAt">): Promise<number> {
  const [row] = await tx.insert(incomeImports).values(values).returning({ id: incomeImports.id });
  return row.id;
}

/** The import, locked until the transaction ends, so two undos of it run one after the other. */
export async function lockIncomeImport(tx: Tx, listingId: string, kind: IncomeImportKind, importId: number): Promise<IncomeImportRow | undefined> {
  const [row] = await tx
    .select()
    .from(incomeImports)
    .where(and(eq(incomeImports.listingId, listingId), eq(incomeImports.kind, kind), eq(incomeImports.id, importId)))
    .for("update");
  return row;
}

export async function markIncomeImportUndone(tx: Tx, importId: number): Promise<void> {
  await tx.update(incomeImports).set({ undoneAt: sql`now()` }).where(eq(incomeImports.id, importId));
}

// ---------------------------------------------------------------- operating statement

export async function findStatement(db: Db | Tx, listingId: string): Promise<{ t12: StatementYear; proForma: StatementYear | null } | undefined> {
  const [row] = await db
    .select({ t12: operatingStatements.t12, proForma: operatingStatements.proForma })
    .from(operatingStatements)
    .where(eq(operatingStatements.listingId, listingId));
  return row;
}

export async function upsertStatement(tx: Tx, listingId: string, t12: StatementYear, proForma: StatementYear | null): Promise<void> {
  await tx
    .insert(operatingStatements)
    .values({ listingId, t12, proForma })
    .onConflictDoUpdate({ target: operatingStatements.listingId, set: { t12, proForma, updatedAt: sql`now()` } });
}
