// Queries for CSV import and export. Imports write in batches of whole column arrays through
// unnest(): a handful of statements for any number of rows, never one statement per row.
import { and, asc, eq, gt, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { LISTING_FACT_FIELDS } from "../../../shared/listing-facts.js";
import { agents, imports, listings } from "../../db/tables.js";
import { LISTING_IMPORT_FIELDS } from "../../../shared/imports/targets.js";
import type { Db, Tx } from "../../db/database.js";
import type { ImportValues } from "./validate-rows.js";

/** Rows per insert: large enough that statement overhead vanishes, small enough that one
 * statement's arrays stay a few megabytes. */
const INSERT_BATCH = 5_000;
/** Rows per update: larger, because against a big table each update statement may hash-join with a
 * scan of the whole table, and fewer statements mean fewer scans. */
const UPDATE_BATCH = 25_000;
// One import at a time, so two imports of one file cannot both create the same listing.
const IMPORT_LOCK_KEY = 7_240_118;

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** An array as one parameter (drizzle would otherwise spread it into a list). It travels as
 * text[], which both drivers serialise; PGlite cannot serialise arrays of our enum types. */
const arrayParam = (values: unknown[], type: string) =>
  type === "text" ? sql`${sql.param(values)}::text[]` : sql`${sql.param(values)}::text[]::${sql.raw(type)}[]`;

// The expression of listings_match_key_idx: name and address ignoring case and extra spaces.
const matchKey = (value: SQL | PgColumn) => sql`lower(regexp_replace(btrim(${value}), '\\s+', ' ', 'g'))`;

const ASCII_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
/** matchKey of printable ASCII text, where btrim and \s can only meet spaces; null for any other text. */
const asciiKey = (value: string) =>
  PRINTABLE_ASCII.test(value) ? value.replace(/^ +| +$/g, "").replace(/ {2,}/g, " ").toLowerCase() : null;

/**
 * Takes the import lock if no other import holds it (waiting would hold a pooled connection).
 * On the embedded database an import wizard's commit runs in several transactions, so between
 * them the lock is free: its import's row says "committing" meanwhile, and counts as the lock
 * (docs/decisions/227).
 * Also answers whether this database lowercases A-Z to a-z as JavaScript does (every locale but a
 * Turkish one), which lets match keys of plain ASCII text be computed here.
 */
/** Whether this database lowercases A-Z as JavaScript does (beginImport's second answer, without the lock). */
export async function asciiKeysAgree(db: Db | Tx): Promise<boolean> {
  const [row] = rowsOf<{ plain: boolean }>(await db.execute(sql`select lower(${ASCII_UPPER}) = ${ASCII_UPPER.toLowerCase()} as plain`));
  return row.plain;
}

export async function beginImport(tx: Tx): Promise<{ locked: boolean; asciiKeysHere: boolean }> {
  const [row] = rowsOf<{ locked: boolean; plain: boolean }>(
    await tx.execute(sql`
      select pg_try_advisory_xact_lock(${IMPORT_LOCK_KEY})
          and not exists (select 1 from ${imports} where status = 'committing') as locked,
        lower(${ASCII_UPPER}) = ${ASCII_UPPER.toLowerCase()} as plain`),
  );
  return { locked: row.locked, asciiKeysHere: row.plain };
}

/** Whether the agent exists, keeping it from being deleted until the transaction ends. */
export async function agentExists(tx: Tx, id: string): Promise<boolean> {
  const [row] = await tx.select({ id: agents.id }).from(agents).where(eq(agents.id, id)).for("key share");
  return Boolean(row);
}

export async function listAgentNames(tx: Tx): Promise<{ id: string; name: string }[]> {
  return tx.select({ id: agents.id, name: agents.name }).from(agents);
}

export interface MatchRow {
  /** The row's match key; equal keys mean the same listing. */
  key: string;
  /** Existing listings with that key, in id order (the order export writes them in). */
  existing: { id: string; agentId: string | null }[];
}

/**
 * For each (name, address) pair, its match key and the listings that already have it: one query
 * per batch of rows. The database computes the keys (this module only those of plain ASCII text,
 * where both are sure to agree), so they agree with the index. Each row looks its key up in that
 * index (lateral, and "offset 0" so the planner cannot flatten it into a hash join, which would
 * compute the key of every listing in the table instead).
 */
export async function findMatches(
  tx: Tx,
  pairs: { name: string; address: string }[],
  { asciiKeysHere }: { asciiKeysHere: boolean },
): Promise<MatchRow[]> {
  // Text and its key travel in separate arrays; a value whose key is known here is sent as its key.
  const keysHere = (values: string[]) => values.map((v) => (asciiKeysHere ? asciiKey(v) : null));
  const nameKeysHere = keysHere(pairs.map((p) => p.name));
  const addressKeysHere = keysHere(pairs.map((p) => p.address));
  const textWithout = (values: string[], keys: (string | null)[]) => arrayParam(values.map((v, i) => (keys[i] === null ? v : null)), "text");
  // Only rows that match a listing, or whose key the database had to compute, come back: a file
  // of new listings is not sent back row by row.
  const result = await tx.execute(sql`
    select i.ord, i.nk, i.ak, l.id, l.agent_id
    from (
      select t.ord, t.nk is null or t.ak is null as asked,
        coalesce(t.nk, ${matchKey(sql`t.n`)}) as nk, coalesce(t.ak, ${matchKey(sql`t.a`)}) as ak
      from unnest(${textWithout(pairs.map((p) => p.name), nameKeysHere)}, ${textWithout(pairs.map((p) => p.address), addressKeysHere)},
        ${arrayParam(nameKeysHere, "text")}, ${arrayParam(addressKeysHere, "text")}) with ordinality as t(n, a, nk, ak, ord)
    ) i
    left join lateral (
      select id, agent_id from ${listings}
      where ${matchKey(listings.listingName)} = i.nk and ${matchKey(listings.address)} = i.ak
      offset 0
    ) l on true
    where l.id is not null or i.asked
    order by i.ord, l.id`);
  const matches: MatchRow[] = [];
  // One row per pair, or one per listing it matches.
  for (const r of rowsOf<{ ord: string | number; nk: string; ak: string; id: string | null; agent_id: string | null }>(result)) {
    const at = Number(r.ord) - 1;
    // Postgres text cannot hold NUL, so it cannot occur inside either part.
    matches[at] ??= { key: `${r.nk}\u0000${r.ak}`, existing: [] };
    if (r.id !== null) matches[at].existing.push({ id: r.id, agentId: r.agent_id });
  }
  // The rest match nothing, and their keys were computed here.
  for (let at = 0; at < pairs.length; at++) matches[at] ??= { key: `${nameKeysHere[at]}\u0000${addressKeysHere[at]}`, existing: [] };
  return matches;
}

/** One listing to write: its id, the row's values, and its agent when the import sets one. */
export interface ListingWrite {
  id: string;
  values: ImportValues;
  agentId?: string | null;
}
export type WritableField = keyof ImportValues | "agentId";

// Every field an import writes (both importers: LISTING_IMPORT_FIELDS), with its column and the
// type casts and unnest() name it by.
export const WRITE_COLUMNS: { field: WritableField; column: PgColumn; type: string }[] = LISTING_IMPORT_FIELDS.map((field) => ({
  field,
  column: listings[field],
  type: listings[field].getSQLType(),
}));

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
 * listing the file changes gets a new version, by the person importing
 * (docs/decisions/140-version-tags.md). Returns the ids it changed.
 */
export async function updateListings(tx: Tx, rows: ListingWrite[], fields: Set<WritableField>, by: number | null): Promise<string[]> {
  const columns = WRITE_COLUMNS.filter((c) => fields.has(c.field));
  const alias = sql.join([sql`id`, ...columns.map((c) => name(c.column))], sql`, `);
  const set = sql.join(
    [
      ...columns.map((c) => sql`${name(c.column)} = u.${name(c.column)}`),
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
