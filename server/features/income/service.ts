// The rules of a listing's spaces, rent roll and operating statement (docs/guides/spaces-and-income.md).
// Every change locks the listing, checks the row as it will be stored, writes it, bumps the
// listing's version (so lists, open screens and the public page's cache hear of it) and adds a
// timeline entry, in one transaction: a refusal changes nothing.
import type { AuditKind } from "../../../shared/audit.js";
import { statementFigures, type OperatingStatementFigures, type OperatingStatementInput, type StatementYear } from "../../../shared/operating-statement.js";
import { todayCalendarDate } from "../../../shared/parse/dates.js";
import { inPlaceRent, rentPerSf, rentRollFigures } from "../../../shared/rent-roll-figures.js";
import { MAX_TENANTS_PER_LISTING, tenantProblems, type InsertTenant, type PatchTenant, type RentRoll, type Tenant } from "../../../shared/rent-roll.js";
import { spacesSummary } from "../../../shared/spaces-summary.js";
import { MAX_SPACES_PER_LISTING, spaceProblems, type InsertSpace, type PatchSpace, type Space } from "../../../shared/spaces.js";
import type { Db, Tx } from "../../db/database.js";
import { badRequest, notFound } from "../../http/http-error.js";
import { recordListingActivity } from "../audit/service.js";
import {
  bumpListing,
  countOf,
  deleteSpace,
  deleteTenant,
  findAvailableSpaces,
  findListingFigures,
  findSpace,
  findSpaces,
  findStatement,
  findTenant,
  findTenants,
  insertSpace,
  insertTenant,
  lockListing,
  photoIdsOfListing,
  updateSpace,
  updateTenant,
  upsertStatement,
  type ListingFigures,
  type SpaceRow,
  type TenantRow,
} from "./data.js";

export { commitIncomeImport, previewIncomeImport, undoIncomeImport, type ReadSpreadsheet } from "./income-import.js";

const LISTING_NOT_FOUND = "Listing not found";
const SPACE_NOT_FOUND = "Space not found";
const TENANT_NOT_FOUND = "Tenant not found";

const refuseProblems = (problems: Record<string, string>) => {
  if (Object.keys(problems).length > 0) throw badRequest(Object.values(problems).join("; "), problems);
};

async function lockedListing(tx: Tx, listingId: string): Promise<ListingFigures> {
  const listing = await lockListing(tx, listingId);
  if (!listing) throw notFound(LISTING_NOT_FOUND);
  return listing;
}

async function existingListing(db: Db, listingId: string): Promise<ListingFigures> {
  const listing = await findListingFigures(db, listingId);
  if (!listing) throw notFound(LISTING_NOT_FOUND);
  return listing;
}

const activity = (tx: Tx, kind: AuditKind, actorId: number | null, listingId: string, data: Record<string, unknown>) =>
  recordListingActivity(tx, { kind, actorId, listingId, data });

// ---------------------------------------------------------------- spaces

const toSpace = ({ listingId: _l, createdAt: _c, ...space }: SpaceRow): Space => space;

/** A listing's spaces, in the order they were added. */
export async function listSpaces(db: Db, listingId: string): Promise<Space[]> {
  await existingListing(db, listingId);
  return (await findSpaces(db, listingId)).map(toSpace);
}

/** The available spaces, for the public page's table. */
export async function availableSpaces(db: Db | Tx, listingId: string): Promise<Space[]> {
  return (await findAvailableSpaces(db, listingId)).map(toSpace);
}

async function checkPhotos(tx: Tx, listingId: string, ids: number[]): Promise<void> {
  const found = new Set(await photoIdsOfListing(tx, listingId, ids));
  const missing = ids.filter((id) => !found.has(id));
  if (missing.length) throw badRequest("Photos must be photos of this listing", { photoIds: `Photos must be photos of this listing (not ${missing.join(", ")})` });
}

/** Writes the listing's spaces summary from its spaces as they now are, and bumps its version. */
async function resummarise(tx: Tx, listingId: string, actorId: number | null): Promise<number> {
  const spaces = await findSpaces(tx, listingId);
  return bumpListing(tx, listingId, actorId, { spacesSummary: spacesSummary(spaces) });
}

export async function addSpace(db: Db, listingId: string, input: InsertSpace, actorId: number | null): Promise<Space> {
  return db.transaction(async (tx) => {
    const listing = await lockedListing(tx, listingId);
    const values = { ...input, sizeSf: input.sizeSf as number, leaseType: input.leaseType ?? null };
    refuseProblems(spaceProblems(values, listing.buildingSizeSf));
    if ((await countOf(tx, "spaces", listingId)) >= MAX_SPACES_PER_LISTING) throw badRequest(`A listing holds at most ${MAX_SPACES_PER_LISTING} spaces`);
    await checkPhotos(tx, listingId, values.photoIds);
    const row = await insertSpace(tx, listingId, values);
    const version = await resummarise(tx, listingId, actorId);
    await activity(tx, "listing.space-added", actorId, listingId, { spaceId: row.id, suite: row.suite, version });
    return toSpace(row);
  });
}

export async function patchSpace(db: Db, listingId: string, spaceId: number, patch: PatchSpace, actorId: number | null): Promise<Space> {
  return db.transaction(async (tx) => {
    const listing = await lockedListing(tx, listingId);
    const before = await findSpace(tx, listingId, spaceId);
    if (!before) throw notFound(SPACE_NOT_FOUND);
    // A field sent as null clears it; the required ones cannot be cleared.
    if (patch.sizeSf === null) throw badRequest("Size is required, like 2,400 SF", { sizeSf: "Size is required, like 2,400 SF" });
    const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<SpaceRow>;
    const after = { ...before, ...changes };
    refuseProblems(spaceProblems(after, listing.buildingSizeSf));
    if (patch.photoIds) await checkPhotos(tx, listingId, patch.photoIds);
    const row = Object.keys(changes).length ? await updateSpace(tx, spaceId, changes) : before;
    const version = await resummarise(tx, listingId, actorId);
    await activity(tx, "listing.space-edited", actorId, listingId, { spaceId, suite: row.suite, fields: Object.keys(changes), version });
    return toSpace(row);
  });
}

export async function removeSpace(db: Db, listingId: string, spaceId: number, actorId: number | null): Promise<void> {
  await db.transaction(async (tx) => {
    await lockedListing(tx, listingId);
    const space = await findSpace(tx, listingId, spaceId);
    if (!space) throw notFound(SPACE_NOT_FOUND);
    await deleteSpace(tx, spaceId);
    const version = await resummarise(tx, listingId, actorId);
    await activity(tx, "listing.space-removed", actorId, listingId, { spaceId, suite: space.suite, version });
  });
}

// ---------------------------------------------------------------- rent roll

const toTenant = ({ listingId: _l, createdAt: _c, ...t }: TenantRow): Tenant => ({ ...t, rentPerSf: rentPerSf(t.annualRent, t.sizeSf) });

/** The rent roll and its figures on `asOf` (today, UTC, unless given). */
export async function rentRollOf(db: Db, listingId: string, asOf = todayCalendarDate(new Date(Date.now()))): Promise<RentRoll> {
  const listing = await existingListing(db, listingId);
  const rows = await findTenants(db, listingId);
  return rentRollFigures(rows.map(({ listingId: _l, createdAt: _c, ...t }) => t), asOf, listing.buildingSizeSf);
}

export async function addTenant(db: Db, listingId: string, input: InsertTenant, actorId: number | null): Promise<Tenant> {
  return db.transaction(async (tx) => {
    const listing = await lockedListing(tx, listingId);
    const values = { ...input, sizeSf: input.sizeSf as number, annualRent: input.annualRent as number };
    refuseProblems(tenantProblems(values, listing.buildingSizeSf));
    if ((await countOf(tx, "tenants", listingId)) >= MAX_TENANTS_PER_LISTING) throw badRequest(`A rent roll holds at most ${MAX_TENANTS_PER_LISTING} tenants`);
    const row = await insertTenant(tx, listingId, values);
    const version = await bumpListing(tx, listingId, actorId);
    await activity(tx, "listing.tenant-added", actorId, listingId, { tenantId: row.id, tenant: row.tenant, version });
    return toTenant(row);
  });
}

export async function patchTenant(db: Db, listingId: string, tenantId: number, patch: PatchTenant, actorId: number | null): Promise<Tenant> {
  return db.transaction(async (tx) => {
    const listing = await lockedListing(tx, listingId);
    const before = await findTenant(tx, listingId, tenantId);
    if (!before) throw notFound(TENANT_NOT_FOUND);
    for (const [field, message] of [
      ["sizeSf", "Size is required, like 2,400 SF"],
      ["annualRent", "Annual rent is required, like $48,000"],
    ] as const)
      if (patch[field] === null) throw badRequest(message, { [field]: message });
    const changes = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as Partial<TenantRow>;
    refuseProblems(tenantProblems({ ...before, ...changes }, listing.buildingSizeSf));
    const row = Object.keys(changes).length ? await updateTenant(tx, tenantId, changes) : before;
    const version = await bumpListing(tx, listingId, actorId);
    await activity(tx, "listing.tenant-edited", actorId, listingId, { tenantId, tenant: row.tenant, fields: Object.keys(changes), version });
    return toTenant(row);
  });
}

export async function removeTenant(db: Db, listingId: string, tenantId: number, actorId: number | null): Promise<void> {
  await db.transaction(async (tx) => {
    await lockedListing(tx, listingId);
    const tenant = await findTenant(tx, listingId, tenantId);
    if (!tenant) throw notFound(TENANT_NOT_FOUND);
    await deleteTenant(tx, tenantId);
    const version = await bumpListing(tx, listingId, actorId);
    await activity(tx, "listing.tenant-removed", actorId, listingId, { tenantId, tenant: tenant.tenant, version });
  });
}

// ---------------------------------------------------------------- operating statement

const EMPTY_YEAR: StatementYear = { income: [], expenses: [] };

async function figuresOf(db: Db | Tx, listingId: string, listing: ListingFigures, asOf: string): Promise<OperatingStatementFigures> {
  const [statement, tenants] = await Promise.all([findStatement(db, listingId), findTenants(db, listingId)]);
  const roll = { tenantCount: tenants.length, inPlaceRent: inPlaceRent(tenants, asOf) };
  return statementFigures({ t12: statement?.t12 ?? EMPTY_YEAR, ...(statement?.proForma ? { proForma: statement.proForma } : {}) }, listing.askingPrice, roll);
}

/** The statement (an empty T-12 before the first save) with its figures and the reconciliation's warnings. */
export async function operatingStatementOf(db: Db, listingId: string, asOf = todayCalendarDate(new Date(Date.now()))): Promise<OperatingStatementFigures> {
  return figuresOf(db, listingId, await existingListing(db, listingId), asOf);
}

/** Replaces the statement whole (a PUT); the reply is what GET then answers. */
export async function saveOperatingStatement(
  db: Db,
  listingId: string,
  input: OperatingStatementInput,
  actorId: number | null,
  asOf = todayCalendarDate(new Date(Date.now())),
): Promise<OperatingStatementFigures> {
  return db.transaction(async (tx) => {
    const listing = await lockedListing(tx, listingId);
    const year = (y: OperatingStatementInput["t12"]): StatementYear => ({
      income: y.income.map((l) => ({ category: l.category, amount: l.amount as number })),
      expenses: y.expenses.map((l) => ({ category: l.category, amount: l.amount as number })),
    });
    await upsertStatement(tx, listingId, year(input.t12), input.proForma ? year(input.proForma) : null);
    const version = await bumpListing(tx, listingId, actorId);
    const figures = await figuresOf(tx, listingId, listing, asOf);
    await activity(tx, "listing.operating-statement-saved", actorId, listingId, { noi: figures.t12.noi, version });
    return figures;
  });
}
