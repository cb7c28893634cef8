// Importing a listing's rent roll or its spaces from a spreadsheet (docs/guides/spaces-and-income.md,
// "Importing the rent roll and spaces", which says why it sits beside the import wizard). The file
// is read as the import wizard reads it; each row goes through the form's own schema and rules, so
// a bad value is refused with the same message as in the form, named by row and column. A commit
// replaces all the listing's rows of that kind in one transaction and keeps the rows it replaced,
// which an undo puts back.
import type { AuditKind } from "../../../shared/audit.js";
import { restoreCell } from "../../../shared/csv-columns.js";
import {
  INCOME_IMPORT_FIELDS,
  INCOME_IMPORT_LABELS,
  suggestIncomeMapping,
  type ImportedSpace,
  type ImportedTenant,
  type IncomeImportField,
  type IncomeImportKind,
  type IncomeImportPreview,
  type IncomeImportProblem,
  type IncomeImportRequest,
  type IncomeImportResult,
} from "../../../shared/income-import.js";
import { moneyField } from "../../../shared/income-fields.js";
import { IMPORT_LIMITS } from "../../../shared/imports/limits.js";
import { insertTenantSchema, MAX_TENANTS_PER_LISTING, tenantProblems } from "../../../shared/rent-roll.js";
import { spacesSummary } from "../../../shared/spaces-summary.js";
import { insertSpaceSchema, MAX_SPACES_PER_LISTING, SPACE_LEASE_TYPES, SPACE_RATE_UNITS, SPACE_STATUSES, spaceProblems } from "../../../shared/spaces.js";
import type { Db, Tx } from "../../db/database.js";
import { badRequest, conflict, HttpError, notFound } from "../../http/http-error.js";
import { recordListingActivity } from "../audit/service.js";
import type { FileTable } from "../imports/service.js";
import {
  bumpListing,
  findListingFigures,
  findSpaces,
  findTenants,
  insertIncomeImport,
  lockIncomeImport,
  lockListing,
  markIncomeImportUndone,
  replaceSpaces,
  replaceTenants,
} from "./data.js";

const LISTING_NOT_FOUND = "Listing not found";

/**
 * Reads a file's table as the import wizard does. The app hands in the wizard's reader
 * (imports' readSpreadsheet): the wizard's commit reaches this feature through the public page,
 * so importing it here would close a loop.
 */
export type ReadSpreadsheet = (file: IncomeImportRequest, member: number) => Promise<FileTable>;

type Cell = (f: IncomeImportField) => string | null;
type Problem = (f: IncomeImportField, message: string) => void;
type Stored = Record<string, unknown>;

/** What differs between the rent roll and the spaces; the rest of an import is the same for both. */
interface Kind<T> {
  /** Fields without which no row can be made, with how the problem names them. */
  missing(mapped: ReadonlySet<IncomeImportField>): string[];
  /** The row as it will be stored, or undefined with its problems told. */
  rowOf(cell: Cell, problem: Problem, buildingSizeSf: number | null): T | undefined;
  most: number;
  noun: string;
  find(db: Db | Tx, listingId: string): Promise<Stored[]>;
  /** Writes the rows in place of the listing's, and moves the listing's version (answered). */
  replace(tx: Tx, listingId: string, rows: Stored[], actorId: number): Promise<{ rows: Stored[]; version: number }>;
  imported: AuditKind;
  undone: AuditKind;
}

// A row's issues from a zod schema, each on the column of its field.
function tellIssues(issues: readonly { path: PropertyKey[]; message: string }[], problem: Problem, columnOf: (field: string) => IncomeImportField) {
  for (const issue of issues) problem(columnOf(String(issue.path[0])), issue.message);
}
const tellRules = (problems: Record<string, string>, problem: Problem) => {
  for (const [field, message] of Object.entries(problems)) problem(field as IncomeImportField, message);
  return Object.keys(problems).length === 0;
};

const monthlyRent = moneyField("Monthly rent");
const rentPerSf = moneyField("Rent per SF");
const cents = (n: number) => Math.round(n * 100) / 100;

const RENT_ROLL: Kind<ImportedTenant> = {
  missing: (mapped) => [
    ...(mapped.has("tenant") ? [] : ["Tenant"]),
    ...(mapped.has("sizeSf") ? [] : ["Size SF"]),
    ...(["annualRent", "monthlyRent", "rentPerSf"].some((f) => mapped.has(f as IncomeImportField)) ? [] : ["a rent (Annual Rent, Monthly Rent or Rent per SF)"]),
  ],
  rowOf(cell, problem, buildingSizeSf) {
    // Annual rent as given; else monthly rent times 12; else the annual rent per SF times the size.
    let rentField: IncomeImportField = "annualRent";
    let annualRent: string | number | null = cell("annualRent");
    let told = false;
    if (annualRent === null && cell("monthlyRent") !== null) {
      rentField = "monthlyRent";
      const monthly = monthlyRent.safeParse(cell("monthlyRent"));
      if (!monthly.success) {
        problem("monthlyRent", monthly.error.issues[0].message);
        told = true;
      } else if (monthly.data !== null) annualRent = cents(monthly.data * 12);
    } else if (annualRent === null && cell("rentPerSf") !== null) {
      rentField = "rentPerSf";
      const perSf = rentPerSf.safeParse(cell("rentPerSf"));
      const size = insertTenantSchema.shape.sizeSf.safeParse(cell("sizeSf"));
      if (!perSf.success) {
        problem("rentPerSf", perSf.error.issues[0].message);
        told = true;
      } else if (perSf.data !== null && size.success && size.data !== null) annualRent = cents(perSf.data * size.data);
    }
    const parsed = insertTenantSchema.safeParse({
      tenant: cell("tenant") ?? "",
      suite: cell("suite"),
      sizeSf: cell("sizeSf"),
      leaseStart: cell("leaseStart"),
      leaseEnd: cell("leaseEnd"),
      annualRent,
      reimbursements: cell("reimbursements"),
      options: cell("options"),
      notes: cell("notes"),
    });
    if (!parsed.success) {
      // A rent that could not be worked out was told on the column it came from already.
      const issues = parsed.error.issues.filter((i) => !(told && i.path[0] === "annualRent"));
      tellIssues(issues, problem, (f) => (f === "annualRent" ? rentField : (f as IncomeImportField)));
      return undefined;
    }
    if (told) return undefined;
    const t = { ...parsed.data, sizeSf: parsed.data.sizeSf as number, annualRent: parsed.data.annualRent as number };
    return tellRules(tenantProblems(t, buildingSizeSf), problem) ? t : undefined;
  },
  most: MAX_TENANTS_PER_LISTING,
  noun: "tenants",
  find: findTenants,
  replace: async (tx, listingId, rows, actorId) => {
    const written = await replaceTenants(tx, listingId, rows as unknown as Parameters<typeof replaceTenants>[2]);
    return { rows: written, version: await bumpListing(tx, listingId, actorId) };
  },
  imported: "listing.rent-roll-imported",
  undone: "listing.rent-roll-import-undone",
};

// "available", "NNN ", "sf/yr": a file's choice read as the app writes it, whatever its case.
const CHOICES: Partial<Record<IncomeImportField, readonly string[]>> = { rateUnit: SPACE_RATE_UNITS, leaseType: SPACE_LEASE_TYPES, status: SPACE_STATUSES };
const asChoice = (field: IncomeImportField, value: string | null) =>
  value === null ? undefined : (CHOICES[field]?.find((c) => c.toLowerCase() === value.toLowerCase()) ?? value);

const SPACES: Kind<ImportedSpace> = {
  missing: (mapped) => [...(mapped.has("suite") ? [] : ["Suite"]), ...(mapped.has("sizeSf") ? [] : ["Size SF"])],
  rowOf(cell, problem, buildingSizeSf) {
    const parsed = insertSpaceSchema.safeParse({
      suite: cell("suite") ?? "",
      floor: cell("floor"),
      sizeSf: cell("sizeSf"),
      minDivisibleSf: cell("minDivisibleSf"),
      rate: cell("rate"),
      rateUnit: asChoice("rateUnit", cell("rateUnit")),
      leaseType: asChoice("leaseType", cell("leaseType")) ?? null,
      availableOn: cell("availableOn"),
      status: asChoice("status", cell("status")),
      spaceType: cell("spaceType"),
      description: cell("description"),
    });
    if (!parsed.success) {
      tellIssues(parsed.error.issues, problem, (f) => f as IncomeImportField);
      return undefined;
    }
    const { photoIds: _p, ...space } = { ...parsed.data, sizeSf: parsed.data.sizeSf as number, leaseType: parsed.data.leaseType ?? null };
    return tellRules(spaceProblems(space, buildingSizeSf), problem) ? space : undefined;
  },
  most: MAX_SPACES_PER_LISTING,
  noun: "spaces",
  find: findSpaces,
  replace: async (tx, listingId, rows, actorId) => {
    // Imported spaces have no photos (a file names none); an undo puts back the old spaces' photos.
    const written = await replaceSpaces(tx, listingId, rows.map((r) => ({ photoIds: [], ...r })) as unknown as Parameters<typeof replaceSpaces>[2]);
    return { rows: written, version: await bumpListing(tx, listingId, actorId, { spacesSummary: spacesSummary(written) }) };
  },
  imported: "listing.spaces-imported",
  undone: "listing.spaces-import-undone",
};

const KINDS: Record<IncomeImportKind, Kind<ImportedTenant> | Kind<ImportedSpace>> = { "rent-roll": RENT_ROLL, spaces: SPACES };

interface ReadRows {
  rows: ((ImportedTenant | ImportedSpace) & { row: number })[];
  problems: IncomeImportProblem[];
  otherListings: number;
}

/** Every row of the table as the kind's row, or the problems that refuse it, against the building's size. */
function readRows(kind: IncomeImportKind, table: FileTable, mapping: (IncomeImportField | null)[], listingId: string, buildingSizeSf: number | null): ReadRows {
  const rules = KINDS[kind];
  const labels = INCOME_IMPORT_LABELS[kind];
  const column = new Map<IncomeImportField, number>();
  const header = (i: number | undefined) => (i === undefined ? "" : table.header[i] || `Column ${i + 1}`);
  const problems: IncomeImportProblem[] = [];
  mapping.forEach((f, i) => {
    if (!f) return;
    if (column.has(f)) problems.push({ row: 1, column: header(i), message: `${labels[f]} is also mapped to column ${header(column.get(f))}` });
    else column.set(f, i);
  });
  for (const what of rules.missing(new Set(column.keys()))) problems.push({ row: 1, column: "", message: `No column is mapped to ${what}` });
  if (problems.length) return { rows: [], problems, otherListings: 0 };

  const rows: ReadRows["rows"] = [];
  let otherListings = 0;
  for (const { row, cells } of table.rows) {
    const cell: Cell = (f) => {
      const i = column.get(f);
      const v = i === undefined ? "" : restoreCell((cells[i] ?? "").trim());
      return v === "" ? null : v;
    };
    const of = cell("listingId");
    if (of !== null && of.toLowerCase() !== listingId.toLowerCase()) {
      otherListings++;
      continue;
    }
    const value = rules.rowOf(cell, (f, message) => problems.push({ row, column: header(column.get(f)), message }), buildingSizeSf);
    if (value) rows.push({ row, ...value });
  }
  if (rows.length > rules.most) problems.push({ row: 1, column: "", message: `A listing holds at most ${rules.most} ${rules.noun}` });
  return { rows, problems, otherListings };
}

async function readFile(db: Db, read: ReadSpreadsheet, kind: IncomeImportKind, listingId: string, request: IncomeImportRequest, member: number) {
  const listing = await findListingFigures(db, listingId);
  if (!listing) throw notFound(LISTING_NOT_FOUND);
  const fields = INCOME_IMPORT_FIELDS[kind];
  const unknown = (request.mapping ?? []).find((f) => f !== null && !fields.includes(f as IncomeImportField));
  if (unknown !== undefined) throw badRequest(`mapping must list one of ${fields.join(", ")} or null per column (not ${unknown})`);
  const table = await read(request, member);
  const mapping = (request.mapping as (IncomeImportField | null)[] | null | undefined) ?? suggestIncomeMapping(kind, table.header);
  if (mapping.length !== table.header.length) throw badRequest(`mapping must list a field or null for each of the file's ${table.header.length} columns`);
  return { listing, table, mapping };
}

/** What the file would make of the listing's rent roll or spaces; changes nothing. */
export async function previewIncomeImport(
  db: Db,
  read: ReadSpreadsheet,
  kind: IncomeImportKind,
  listingId: string,
  request: IncomeImportRequest,
  member: number,
): Promise<IncomeImportPreview> {
  const { listing, table, mapping } = await readFile(db, read, kind, listingId, request, member);
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
    ...readRows(kind, table, mapping, listingId, listing.buildingSizeSf),
    replaces: (await KINDS[kind].find(db, listingId)).length,
  };
}

const stored = ({ listingId: _l, createdAt: _c, ...row }: Stored) => row;
// Rows with their keys in one order, so rows read back compare equal to the ones written.
const canonical = (rows: Stored[]) => JSON.stringify(rows.map((r) => Object.keys(r).sort().map((k) => [k, r[k] ?? null])));

/** Replaces the listing's rent roll or spaces with the file's rows, in one transaction; a file with any bad row changes nothing. */
export async function commitIncomeImport(
  db: Db,
  reader: ReadSpreadsheet,
  kind: IncomeImportKind,
  listingId: string,
  request: IncomeImportRequest,
  actorId: number,
): Promise<IncomeImportResult> {
  const { table, mapping } = await readFile(db, reader, kind, listingId, request, actorId);
  const rules = KINDS[kind];
  return db.transaction(async (tx) => {
    const listing = await lockListing(tx, listingId);
    if (!listing) throw notFound(LISTING_NOT_FOUND);
    const read = readRows(kind, table, mapping, listingId, listing.buildingSizeSf);
    if (read.problems.length) {
      const first = read.problems.slice(0, 20).map((p) => `Row ${p.row}${p.column ? `, ${p.column}` : ""}: ${p.message}`);
      const count = read.problems.length === 1 ? "a problem" : `${read.problems.length} problems`;
      throw new HttpError(400, `The file has ${count}; nothing was imported. ${first.join("; ")}`, undefined, { problems: read.problems });
    }
    if (read.rows.length === 0) throw badRequest("The file has no rows for this listing; nothing was imported.");
    const previous = (await rules.find(tx, listingId)).map(stored);
    const { rows, version } = await rules.replace(tx, listingId, read.rows.map(({ row: _r, ...r }) => r), actorId);
    const written = rows.map(stored);
    const importId = await insertIncomeImport(tx, { listingId, kind, userId: actorId, fileName: request.fileName, previous, imported: written });
    const result = { importId, added: written.length, replaced: previous.length };
    await recordListingActivity(tx, { kind: rules.imported, actorId, listingId, data: { ...result, fileName: request.fileName, version } });
    return result;
  });
}

/** Puts back the rows the import replaced, while the listing's rows are still as the import left them. */
export async function undoIncomeImport(db: Db, kind: IncomeImportKind, listingId: string, importId: number, actorId: number): Promise<{ restored: number }> {
  const rules = KINDS[kind];
  return db.transaction(async (tx) => {
    if (!(await lockListing(tx, listingId))) throw notFound(LISTING_NOT_FOUND);
    const entry = await lockIncomeImport(tx, listingId, kind, importId);
    if (!entry) throw notFound("Import not found");
    if (entry.undoneAt) throw conflict("This import is already undone.");
    const now = (await rules.find(tx, listingId)).map(stored);
    if (canonical(now) !== canonical(entry.imported))
      throw conflict(`The ${kind === "spaces" ? "spaces have" : "rent roll has"} changed since this import, so undoing it would lose those changes. Edit them instead.`);
    const { rows, version } = await rules.replace(tx, listingId, entry.previous, actorId);
    await markIncomeImportUndone(tx, importId);
    await recordListingActivity(tx, { kind: rules.undone, actorId, listingId, data: { importId, fileName: entry.fileName, restored: rows.length, version } });
    return { restored: rows.length };
  });
}
