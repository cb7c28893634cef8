// Importing a listing's rent roll from a spreadsheet (docs/guides/spaces-and-income.md, "Rent roll
// import", which says why it sits beside the import wizard). The file is read as the import
// wizard reads it; each row goes through the rent roll's own schema and rules, so a bad value
// is refused with the same message as in the form, named by row and column. A commit replaces
// the whole roll in one transaction and keeps the roll it replaced, which an undo puts back.
import { restoreCell } from "../../../shared/csv-columns.js";
import { moneyField } from "../../../shared/income-fields.js";
import {
  RENT_ROLL_IMPORT_LABELS,
  suggestRentRollMapping,
  type ImportedTenant,
  type RentRollImportField,
  type RentRollImportPreview,
  type RentRollImportProblem,
  type RentRollImportRequest,
  type RentRollImportResult,
} from "../../../shared/rent-roll-import.js";
import { insertTenantSchema, MAX_TENANTS_PER_LISTING, tenantProblems } from "../../../shared/rent-roll.js";
import { IMPORT_LIMITS } from "../../../shared/imports/limits.js";
import type { Db } from "../../db/database.js";
import { badRequest, conflict, HttpError, notFound } from "../../http/http-error.js";
import { recordListingActivity } from "../audit/service.js";
import type { FileTable } from "../imports/service.js";
import {
  bumpListing,
  findListingFigures,
  findTenants,
  insertRentRollImport,
  lockListing,
  lockRentRollImport,
  markRentRollImportUndone,
  replaceTenants,
  type TenantRow,
} from "./data.js";

const LISTING_NOT_FOUND = "Listing not found";

/**
 * Reads a file's table as the import wizard does. The app hands in the wizard's reader
 * (imports' readSpreadsheet): the wizard's commit reaches this feature through the public page,
 * so importing it here would close a loop.
 */
export type ReadSpreadsheet = (file: RentRollImportRequest, member: number) => Promise<FileTable>;
const monthlyRent = moneyField("Monthly rent");
const rentPerSf = moneyField("Rent per SF");
const cents = (n: number) => Math.round(n * 100) / 100;

interface ReadRows {
  tenants: (ImportedTenant & { row: number })[];
  problems: RentRollImportProblem[];
  otherListings: number;
}

/** Every row of the table as a tenant, or the problems that refuse it, against the building's size. */
function readRows(table: FileTable, mapping: (RentRollImportField | null)[], listingId: string, buildingSizeSf: number | null): ReadRows {
  const column = new Map<RentRollImportField, number>();
  const header = (i: number | undefined) => (i === undefined ? "" : table.header[i] || `Column ${i + 1}`);
  const problems: RentRollImportProblem[] = [];
  mapping.forEach((f, i) => {
    if (!f) return;
    if (column.has(f)) problems.push({ row: 1, column: header(i), message: `${RENT_ROLL_IMPORT_LABELS[f]} is also mapped to column ${header(column.get(f))}` });
    else column.set(f, i);
  });
  for (const [field, label] of [
    ["tenant", "Tenant"],
    ["sizeSf", "Size SF"],
  ] as const)
    if (!column.has(field)) problems.push({ row: 1, column: "", message: `No column is mapped to ${label}` });
  if (!["annualRent", "monthlyRent", "rentPerSf"].some((f) => column.has(f as RentRollImportField)))
    problems.push({ row: 1, column: "", message: "No column is mapped to a rent (Annual Rent, Monthly Rent or Rent per SF)" });
  if (problems.length) return { tenants: [], problems, otherListings: 0 };

  const tenants: ReadRows["tenants"] = [];
  let otherListings = 0;
  for (const { row, cells } of table.rows) {
    const cell = (f: RentRollImportField) => {
      const i = column.get(f);
      const v = i === undefined ? "" : restoreCell((cells[i] ?? "").trim());
      return v === "" ? null : v;
    };
    const of = cell("listingId");
    if (of !== null && of.toLowerCase() !== listingId.toLowerCase()) {
      otherListings++;
      continue;
    }
    const rowProblems: RentRollImportProblem[] = [];
    const problem = (f: RentRollImportField, message: string) => rowProblems.push({ row, column: header(column.get(f)), message });
    // Annual rent as given; else monthly rent times 12; else the annual rent per SF times the size.
    let rentField: RentRollImportField = "annualRent";
    let annualRent: string | number | null = cell("annualRent");
    if (annualRent === null && cell("monthlyRent") !== null) {
      rentField = "monthlyRent";
      const monthly = monthlyRent.safeParse(cell("monthlyRent"));
      if (monthly.success && monthly.data !== null) annualRent = cents(monthly.data * 12);
      else problem("monthlyRent", monthly.error?.issues[0]?.message ?? "");
    } else if (annualRent === null && cell("rentPerSf") !== null) {
      rentField = "rentPerSf";
      const perSf = rentPerSf.safeParse(cell("rentPerSf"));
      const size = insertTenantSchema.shape.sizeSf.safeParse(cell("sizeSf"));
      if (!perSf.success) problem("rentPerSf", perSf.error.issues[0].message);
      else if (perSf.data !== null && size.success && size.data !== null) annualRent = cents(perSf.data * size.data);
    }
    const input = {
      tenant: cell("tenant") ?? "",
      suite: cell("suite"),
      sizeSf: cell("sizeSf"),
      leaseStart: cell("leaseStart"),
      leaseEnd: cell("leaseEnd"),
      annualRent,
      reimbursements: cell("reimbursements"),
      options: cell("options"),
      notes: cell("notes"),
    };
    const parsed = insertTenantSchema.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]) as RentRollImportField;
        // A rent that could not be worked out has its problem on the column it came from already.
        if (field === "annualRent" && rentField !== "annualRent" && rowProblems.length) continue;
        problem(field === "annualRent" ? rentField : field, issue.message);
      }
    } else if (rowProblems.length === 0) {
      const t = { ...parsed.data, sizeSf: parsed.data.sizeSf as number, annualRent: parsed.data.annualRent as number };
      for (const [field, message] of Object.entries(tenantProblems(t, buildingSizeSf))) problem(field as RentRollImportField, message);
      if (rowProblems.length === 0) tenants.push({ row, ...t });
    }
    problems.push(...rowProblems);
  }
  if (tenants.length > MAX_TENANTS_PER_LISTING) problems.push({ row: 1, column: "", message: `A rent roll holds at most ${MAX_TENANTS_PER_LISTING} tenants` });
  return { tenants, problems, otherListings };
}

async function readFile(db: Db, read: ReadSpreadsheet, listingId: string, request: RentRollImportRequest, member: number) {
  const listing = await findListingFigures(db, listingId);
  if (!listing) throw notFound(LISTING_NOT_FOUND);
  const table = await read(request, member);
  const mapping = request.mapping ?? suggestRentRollMapping(table.header);
  if (mapping.length !== table.header.length)
    throw badRequest(`mapping must list a field or null for each of the file's ${table.header.length} columns`);
  return { table, mapping };
}

/** What the file would make of the rent roll; changes nothing. */
export async function previewRentRollImport(db: Db, read: ReadSpreadsheet, listingId: string, request: RentRollImportRequest, member: number): Promise<RentRollImportPreview> {
  const { table, mapping } = await readFile(db, read, listingId, request, member);
  const listing = await findListingFigures(db, listingId);
  const rows = readRows(table, mapping, listingId, listing?.buildingSizeSf ?? null);
  const columns = table.header.map((header, index) => ({
    index,
    header,
    samples: table.rows
      .map((r) => (r.cells[index] ?? "").trim())
      .filter((v) => v !== "")
      .slice(0, IMPORT_LIMITS.samples),
  }));
  return {
    fileName: request.fileName,
    format: table.format,
    ...(table.charset ? { charset: table.charset } : {}),
    ...(table.delimiter ? { delimiter: table.delimiter } : {}),
    ...(table.sheets ? { sheets: table.sheets, sheet: table.sheet } : {}),
    columns,
    mapping,
    ...rows,
    replaces: (await findTenants(db, listingId)).length,
  };
}

const stored = ({ listingId: _l, createdAt: _c, ...t }: TenantRow) => t;
// The rows' fields in one order, so a roll read back compares equal to the one written.
const canonical = (rows: Record<string, unknown>[]) =>
  JSON.stringify(rows.map((r) => ["id", "tenant", "suite", "sizeSf", "leaseStart", "leaseEnd", "annualRent", "reimbursements", "options", "notes"].map((k) => r[k] ?? null)));

/** Replaces the listing's rent roll with the file's tenants, in one transaction; a file with any bad row changes nothing. */
export async function commitRentRollImport(db: Db, reader: ReadSpreadsheet, listingId: string, request: RentRollImportRequest, actorId: number): Promise<RentRollImportResult> {
  const { table, mapping } = await readFile(db, reader, listingId, request, actorId);
  return db.transaction(async (tx) => {
    const listing = await lockListing(tx, listingId);
    if (!listing) throw notFound(LISTING_NOT_FOUND);
    const read = readRows(table, mapping, listingId, listing.buildingSizeSf);
    if (read.problems.length) {
      const first = read.problems.slice(0, 20).map((p) => `Row ${p.row}${p.column ? `, ${p.column}` : ""}: ${p.message}`);
      throw new HttpError(400, `The file has ${read.problems.length === 1 ? "a problem" : `${read.problems.length} problems`}; nothing was imported. ${first.join("; ")}`, undefined, {
        problems: read.problems,
      });
    }
    if (read.tenants.length === 0) throw badRequest("The file has no rows for this listing; nothing was imported.");
    const previous = (await findTenants(tx, listingId)).map(stored);
    const written = (await replaceTenants(tx, listingId, read.tenants.map(({ row: _r, ...t }) => t))).map(stored);
    const importId = await insertRentRollImport(tx, { listingId, userId: actorId, fileName: request.fileName, previous, imported: written });
    const version = await bumpListing(tx, listingId, actorId);
    const result = { importId, added: written.length, replaced: previous.length };
    await recordListingActivity(tx, { kind: "listing.rent-roll-imported", actorId, listingId, data: { ...result, fileName: request.fileName, version } });
    return result;
  });
}

/** Puts back the rent roll the import replaced, while the roll is still as the import left it. */
export async function undoRentRollImport(db: Db, listingId: string, importId: number, actorId: number): Promise<{ restored: number }> {
  return db.transaction(async (tx) => {
    if (!(await lockListing(tx, listingId))) throw notFound(LISTING_NOT_FOUND);
    const entry = await lockRentRollImport(tx, listingId, importId);
    if (!entry) throw notFound("Rent roll import not found");
    if (entry.undoneAt) throw conflict("This import is already undone.");
    const now = (await findTenants(tx, listingId)).map(stored);
    if (canonical(now) !== canonical(entry.imported))
      throw conflict("The rent roll has changed since this import, so undoing it would lose those changes. Edit the rent roll instead.");
    const restored = await replaceTenants(tx, listingId, entry.previous as unknown as TenantRow[]);
    await markRentRollImportUndone(tx, importId);
    const version = await bumpListing(tx, listingId, actorId);
    await recordListingActivity(tx, { kind: "listing.rent-roll-import-undone", actorId, listingId, data: { importId, fileName: entry.fileName, restored: restored.length, version } });
    return { restored: restored.length };
  });
}

