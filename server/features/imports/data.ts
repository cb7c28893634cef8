// The import wizard's queries: staged previews, matches for the three duplicate policies, the
// commit and the undo. Every write over many rows is a few set-based statements over the staged
// rows (import_rows), never one statement per row: 100,000 rows are a handful of round trips.
import { and, desc, eq, inArray, lt, sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { MatchBy } from "../../../shared/imports/targets.js";
import type { ImportKind } from "../../../shared/imports/contact-fields.js";
import type { ImportCounts, ImportRowAction, ImportStatus } from "../../../shared/imports/wire.js";
import { copiesAlongside, copyRows, copyText } from "../../db/copy-rows.js";
import type { Db, Tx } from "../../db/database.js";
import { rowsOf } from "../../db/raw-sql.js";
import type { SavedMapping, StagedContactRow, StoredImportCounts, StoredPreview, StoredRowShown } from "../../db/json-columns.js";
import { importMappings, importRows, imports, listings, users } from "../../db/tables.js";
import { asciiKeysComputedHere, LOCATION_WRITTEN, locationAssignments, matchListings, WRITE_COLUMNS } from "../listing-rows/service.js";
import type { ClassifiedRow, Duplicates, StoredListing } from "./classify.js";

const textArray = (values: unknown[]) => sql`${sql.param(values.map((v) => (v === null || v === undefined ? null : String(v))))}::text[]`;
const col = (c: PgColumn) => sql.identifier(c.name);

const MATCH_BATCH = 10_000;

// ---------------------------------------------------------------- matching

export interface Candidates {
  key: string | null;
  ids: string[];
}
export interface MatchInput {
  name?: string;
  address?: string;
  city?: string;
  state?: string;
  link?: string | null;
}

const ADDRESS_KEY = (a: SQL, c: SQL, s: SQL) =>
  sql`lower(regexp_replace(btrim(${a}), '\\s+', ' ', 'g')) || ' | ' || lower(regexp_replace(btrim(${c}), '\\s+', ' ', 'g')) || ' | ' || upper(btrim(${s}))`;

/** A city as matching compares it: case and extra spaces ignored. */
const cityKey = (city: string) => city.trim().replace(/\s+/g, " ").toLowerCase();

async function citiesOf(tx: Tx | Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await tx.select({ id: listings.id, city: listings.city }).from(listings).where(sql`${listings.id} = any(${textArray(ids)})`);
  return new Map(rows.map((r) => [r.id, r.city]));
}

/** Each row's match key and the listings that share it, in id order, per policy. */
export async function findCandidates(tx: Tx | Db, matchBy: MatchBy, rows: (MatchInput | null)[]): Promise<Candidates[]> {
  const out: Candidates[] = rows.map(() => ({ key: null, ids: [] }));
  if (matchBy === "none") return out;
  const wanted = rows.flatMap((r, i) => (r ? [{ r, i }] : []));
  // Keys of plain ASCII text are computed here where the database would compute them alike.
  const asciiKeysHere = matchBy === "nameAddress" && (await asciiKeysComputedHere(tx));
  for (let b = 0; b < wanted.length; b += MATCH_BATCH) {
    const batch = wanted.slice(b, b + MATCH_BATCH);
    if (matchBy === "nameAddress") {
      const matches = await matchListings(
        tx as Tx,
        batch.map(({ r }) => ({ name: r.name ?? "", address: r.address ?? "" })),
        { asciiKeysHere },
      );
      // The city too: two towns' "James Burr Blvd" are two places. The
      // index finds name and address; the few listings it finds are told apart by city here.
      const cities = await citiesOf(tx, [...new Set(matches.flatMap((m) => m.existing.map((e) => e.id)))]);
      matches.forEach((m, j) => {
        const city = cityKey(batch[j].r.city ?? "");
        out[batch[j].i] = { key: `${m.key}\u0000${city}`, ids: m.existing.map((e) => e.id).filter((id) => cityKey(cities.get(id) ?? "") === city) };
      });
    } else if (matchBy === "link") {
      const withLink = batch.filter(({ r }) => r.link);
      if (withLink.length === 0) continue;
      const links = [...new Set(withLink.map(({ r }) => r.link as string))];
      const found = rowsOf<{ id: string; looplink_link: string | null; marketing_flyer_link: string | null }>(
        await tx.execute(sql`
          select id, looplink_link, marketing_flyer_link from ${listings}
          where looplink_link = any(${textArray(links)}) or marketing_flyer_link = any(${textArray(links)})
          order by id`),
      );
      const byLink = new Map<string, string[]>();
      for (const l of found) {
        for (const link of new Set([l.looplink_link, l.marketing_flyer_link])) if (link) byLink.set(link, [...(byLink.get(link) ?? []), l.id]);
      }
      for (const { r, i } of withLink) out[i] = { key: `link ${r.link}`, ids: byLink.get(r.link as string) ?? [] };
    } else {
      // A hash join: the key of every listing is computed once, not once per row.
      const result = await tx.execute(sql`
        select i.ord, i.k, l.id from (
          select t.ord, ${ADDRESS_KEY(sql`t.a`, sql`t.c`, sql`t.s`)} as k
          from unnest(${textArray(batch.map(({ r }) => r.address ?? ""))}, ${textArray(batch.map(({ r }) => r.city ?? ""))},
            ${textArray(batch.map(({ r }) => r.state ?? ""))}) with ordinality as t(a, c, s, ord)
        ) i
        left join ${listings} l on ${ADDRESS_KEY(sql`l.address`, sql`l.city`, sql`l.state`)} = i.k
        order by i.ord, l.id`);
      for (const row of rowsOf<{ ord: string | number; k: string; id: string | null }>(result)) {
        const at = batch[Number(row.ord) - 1].i;
        if (out[at].key === null) out[at] = { key: `address ${row.k}`, ids: [] };
        if (row.id) out[at].ids.push(row.id);
      }
    }
  }
  return out;
}

const STORED_FIELDS = {
  id: listings.id,
  version: listings.version,
  ...Object.fromEntries(WRITE_COLUMNS.map((c) => [c.field, c.column])),
} as Record<string, PgColumn>;

/** The listings rows may update, by id, as the API writes them. */
export async function loadListings(db: Db | Tx, ids: string[]): Promise<Map<string, StoredListing>> {
  const found = new Map<string, StoredListing>();
  for (let i = 0; i < ids.length; i += MATCH_BATCH) {
    const chunk = ids.slice(i, i + MATCH_BATCH);
    const rows = await db.select(STORED_FIELDS).from(listings).where(sql`${listings.id} = any(${textArray(chunk)})`);
    for (const r of rows as unknown as StoredListing[]) found.set(r.id, r);
  }
  return found;
}

// ---------------------------------------------------------------- staging

export interface StagedImport {
  id: string;
  target: ImportKind;
  userId: number | null;
  fileName: string;
  status: ImportStatus;
  signature: string;
  preview: StoredPreview;
  fields: string[];
  counts: StoredImportCounts | null;
  createdAt: Date;
  expiresAt: Date;
  committedAt: Date | null;
  undoneAt: Date | null;
  username: string | null;
}

// A staged row's values go to columns named and typed as in listings.
const STAGED_COLUMNS = ["import_id", "row", "action", "listing_id", "shown", "cells", "expected_version", ...WRITE_COLUMNS.map((c) => c.column.name)];
const NO_VALUES = WRITE_COLUMNS.map(() => "\\N").join("\t");

/** The values as COPY text, each as its column's input reads it (the text json_to_record gave it). */
function valuesText(values: Record<string, unknown> | null): string {
  if (!values) return NO_VALUES;
  let text = "";
  for (let i = 0; i < WRITE_COLUMNS.length; i++) {
    text += (i === 0 ? "" : "\t") + copyText(values[WRITE_COLUMNS[i].field] as string | number | boolean | null | undefined);
  }
  return text;
}

/** Staged previews a day past their hour are deleted by the next preview, of either target. */
const forgetOldPreviews = (tx: Tx) => tx.delete(imports).where(and(eq(imports.status, "staged"), lt(imports.expiresAt, sql`now() - interval '1 day'`)));

/**
 * COPYs a batch of rows, `cells[i]` being row i's cells in the file (kept for a failed row's
 * line in failures.csv); resolves once the COPY is under way (the one before it finished).
 */
export type StageBatch = (rows: ClassifiedRow[], cells: string[][]) => Promise<void>;
export interface StagedWhole {
  preview: StoredPreview;
  /** Rows sharing their match key with others (known only once every row is classified). */
  duplicates: Map<number, Duplicates>;
}

function copyLines(id: string, rows: ClassifiedRow[], cells: string[][]): string {
  let lines = "";
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    // duplicateOf is added once every row is read (noteDuplicates).
    const shown = { errors: r.errors, warnings: r.warnings, changes: r.changes, listing: r.listing };
    lines +=
      `${id}\t${r.row}\t${r.action}\t${copyText(r.listingId)}\t${copyText(JSON.stringify(shown))}\t` +
      `${copyText(r.action === "fail" ? JSON.stringify(cells[i]) : null)}\t${copyText(r.expectedVersion)}\t${valuesText(r.values)}\n`;
  }
  return lines;
}

/**
 * Stores a preview and its rows, all or nothing; staged previews past their hour are deleted on
 * the way. `produce` makes the rows a batch at a time and hands each to `stage`, which COPYs it
 * (the fastest way in) while `produce` goes on with the next batch: on PostgreSQL
 * the database copies in its own process meanwhile. `produce` sends its own queries to `query`: the pool on
 * PostgreSQL, since this transaction's connection is busy copying; the transaction itself on
 * PGlite, whose one connection the transaction holds.
 */
export async function stageImport(
  db: Db,
  head: { userId: number; fileName: string; signature: string; fields: string[]; expiresAt: Date },
  produce: (stage: StageBatch, query: Db | Tx) => Promise<StagedWhole>,
): Promise<string> {
  const id = await db.transaction(async (tx) => {
    await forgetOldPreviews(tx);
    // The preview's summary is known at the end; the head row is written first for the rows' key.
    const [{ id }] = await tx.insert(imports).values({ ...head, preview: sql`'{}'::jsonb` }).returning({ id: imports.id });
    let copying: Promise<void> = Promise.resolve();
    const stage: StageBatch = async (rows, cells) => {
      const lines = copyLines(id, rows, cells);
      await copying;
      copying = copyRows(tx, "import_rows", STAGED_COLUMNS, lines);
      // produce awaits its own queries before the next batch; a failed COPY is thrown from the
      // next stage() or at the end, not left unhandled meanwhile.
      copying.catch(() => undefined);
    };
    const whole = await produce(stage, copiesAlongside(tx) ? db : tx);
    await copying;
    await noteDuplicates(tx, id, whole.duplicates);
    await tx.update(imports).set({ preview: whole.preview }).where(eq(imports.id, id));
    return id;
  });
  await countStagedRows(db);
  return id;
}

/**
 * Brings the planner's figures for the staged rows up to date, as autovacuum would only up to a
 * minute later. The commit joins a step of these rows to the listings by id; believing the table
 * near empty, the planner scanned every staged row of the import once per listing, and a commit
 * of 16,000 rows took minutes (half a minute on an idle machine) instead of a second. A sample
 * of the table: tens of milliseconds beside the preview's seconds. Without it (a database user
 * that may not analyze) the commit still works, as slowly as before.
 */
const countStagedRows = (db: Db) => db.execute(sql`analyze ${importRows}`).catch(() => undefined);

/** Adds duplicateOf (and duplicateCount) to the shown rows that share their key (few, in a file of distinct listings). */
async function noteDuplicates(tx: Tx, id: string, duplicates: Map<number, Duplicates>): Promise<void> {
  const entries = [...duplicates];
  for (let i = 0; i < entries.length; i += MATCH_BATCH) {
    const batch = entries.slice(i, i + MATCH_BATCH);
    await tx.execute(sql`
      update ${importRows} r set shown = (r.shown::jsonb || d.shown)::json
      from unnest(${sql.param(batch.map(([row]) => row))}::int[], ${textArray(batch.map(([, shown]) => JSON.stringify(shown)))}::jsonb[])
        as d(row, shown)
      where r.import_id = ${id} and r.row = d.row`);
  }
}

const importFields = {
  id: imports.id,
  target: imports.target,
  userId: imports.userId,
  fileName: imports.fileName,
  status: imports.status,
  signature: imports.signature,
  preview: imports.preview,
  fields: imports.fields,
  counts: imports.counts,
  createdAt: imports.createdAt,
  expiresAt: imports.expiresAt,
  committedAt: imports.committedAt,
  undoneAt: imports.undoneAt,
  username: users.username,
};

export async function getImport(db: Db | Tx, id: string, lock = false): Promise<StagedImport | undefined> {
  const query = db.select(importFields).from(imports).leftJoin(users, eq(users.id, imports.userId)).where(eq(imports.id, id));
  const [row] = await (lock ? query.for("update", { of: imports }) : query);
  return row;
}

/** Committed and undone imports, newest first. */
export async function listImports(db: Db, limit = 200): Promise<StagedImport[]> {
  return db
    .select(importFields)
    .from(imports)
    .leftJoin(users, eq(users.id, imports.userId))
    .where(inArray(imports.status, ["committed", "undone"]))
    .orderBy(desc(imports.committedAt))
    .limit(limit);
}

export async function listRows(db: Db, id: string, action: ImportRowAction | undefined, offset: number, limit: number) {
  const where = and(eq(importRows.importId, id), action ? eq(importRows.action, action) : undefined);
  const rows = await db
    .select({ row: importRows.row, action: importRows.action, shown: importRows.shown })
    .from(importRows)
    .where(where)
    .orderBy(importRows.row)
    .offset(offset)
    .limit(limit);
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(importRows).where(where);
  return { rows, total };
}

export async function failedRows(db: Db | Tx, id: string) {
  return db
    .select({ row: importRows.row, cells: importRows.cells, shown: importRows.shown })
    .from(importRows)
    .where(and(eq(importRows.importId, id), eq(importRows.action, "fail")))
    .orderBy(importRows.row);
}

export async function savedMapping(db: Db, signature: string): Promise<SavedMapping | undefined> {
  const [row] = await db.select({ mapping: importMappings.mapping }).from(importMappings).where(eq(importMappings.signature, signature));
  return row?.mapping;
}

export async function saveMapping(tx: Tx, signature: string, mapping: SavedMapping, userId: number): Promise<void> {
  await tx
    .insert(importMappings)
    .values({ signature, mapping, userId })
    .onConflictDoUpdate({ target: importMappings.signature, set: { mapping, userId, updatedAt: sql`now()` } });
}

// ---------------------------------------------------------------- commit

const WRITE_BY_FIELD = new Map(WRITE_COLUMNS.map((c) => [c.field as string, c]));
const LOCATION_COLUMNS = LOCATION_WRITTEN.map((field) => WRITE_BY_FIELD.get(field)!);
const castFrom = (json: SQL, field: string) => {
  const c = WRITE_BY_FIELD.get(field)!;
  return sql`(${json} ->> ${field})::${sql.raw(c.type)}`;
};
const inRows = (id: string, from: number, to: number) => sql`r.import_id = ${id} and r.row >= ${from} and r.row < ${to}`;

/** The staged rows cut into commit steps of `step` row numbers: the bounds between them. */
export async function rowBounds(tx: Tx, id: string, step: number): Promise<number[]> {
  const [r] = rowsOf<{ lo: number | null; hi: number | null }>(
    await tx.execute(sql`select min(row)::int as lo, max(row)::int as hi from ${importRows} where import_id = ${id}`),
  );
  if (r.lo === null || r.hi === null) return [];
  const bounds: number[] = [];
  for (let b = r.lo; b <= r.hi; b += step) bounds.push(b);
  bounds.push(r.hi + 1);
  return bounds;
}

/** A staged row's value of a field (its column in import_rows is typed as in listings). */
const valueOf = (c: (typeof WRITE_COLUMNS)[number]) => sql`r.${col(c.column)}`;

/**
 * Inserts the step's new listings; returns their ids, in file order. Each starts at version 1
 * (WRITTEN_VERSION) and with its posts "pending" (queued by the caller), as the template import
 * leaves them.
 */
export async function commitCreates(tx: Tx, id: string, from: number, to: number): Promise<string[]> {
  const columns = WRITE_COLUMNS.map((c) => col(c.column));
  const values = WRITE_COLUMNS.map((c) => (c.field === "isActive" ? sql`coalesce(${valueOf(c)}, true)` : valueOf(c)));
  const result = await tx.execute(sql`
    insert into ${listings} (id, ${col(listings.postsStatus)}, ${sql.join(columns, sql`, `)})
    select r.listing_id, 'pending', ${sql.join(values, sql`, `)} from ${importRows} r
    where ${inRows(id, from, to)} and r.action = 'create'
    order by r.row
    returning id`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

/**
 * Keeps each updated listing's values before the import (for undo), then writes the import's
 * fields where they differ. Returns the ids changed. A listing deleted since the preview is
 * left out (its row is reported failed by the caller).
 */
export async function commitUpdates(tx: Tx, id: string, fields: string[], by: number, from: number, to: number): Promise<string[]> {
  const written = WRITE_COLUMNS.filter((c) => fields.includes(c.field));
  if (written.length === 0) return [];
  const location = locationAssignments(written.map((c) => c.field), "r");
  // Undo puts the point back too when the import may have moved it.
  const kept = location.length ? [...written.filter((c) => !LOCATION_WRITTEN.includes(c.field)), ...LOCATION_COLUMNS] : written;
  const before = sql.join(
    [...kept.map((c) => sql`${c.field}::text, l.${col(c.column)}`), ...(location.length ? [sql`'locationPrecision', l.location_precision`] : [])],
    sql`, `,
  );
  await tx.execute(sql`
    update ${importRows} r set before = jsonb_build_object(${before})
    from ${listings} l where ${inRows(id, from, to)} and r.action = 'update' and l.id = r.listing_id`);
  const plain = location.length ? written.filter((c) => !LOCATION_WRITTEN.includes(c.field)) : written;
  const set = sql.join(
    [
      ...plain.map((c) => sql`${col(c.column)} = ${valueOf(c)}`),
      ...location,
      sql`updated_at = now()`,
      sql`version = l.version + 1`,
      sql`updated_by_id = ${by}`,
    ],
    sql`, `,
  );
  const current = sql.join(written.map((c) => sql`l.${col(c.column)}`), sql`, `);
  const incoming = sql.join(written.map(valueOf), sql`, `);
  const result = await tx.execute(sql`
    with upd as (
      update ${listings} as l set ${set}
      from ${importRows} r
      where ${inRows(id, from, to)} and r.action = 'update' and l.id = r.listing_id
        and row(${current}) is distinct from row(${incoming})
      returning l.id, l.version
    )
    update ${importRows} r set written_version = upd.version from upd
    where r.import_id = ${id} and r.listing_id = upd.id and r.action = 'update'
    returning r.listing_id as id`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

/** Update rows whose listing is gone (deleted after the preview): they fail at commit. */
export async function vanishedRows(tx: Tx, id: string): Promise<number[]> {
  const result = await tx.execute(sql`
    select r.row from ${importRows} r
    where r.import_id = ${id} and r.action = 'update' and not exists (select 1 from ${listings} l where l.id = r.listing_id)
    order by r.row`);
  return rowsOf<{ row: number }>(result).map((r) => Number(r.row));
}

/**
 * The commit has begun: on the embedded database it spans several transactions, and this status
 * (with the id of its audit entry, to take back) is what tells an unfinished one.
 */
export async function markCommitting(tx: Tx, id: string, actionRef: number): Promise<void> {
  await tx.update(imports).set({ status: "committing", counts: { actionRef } }).where(eq(imports.id, id));
}

export async function markCommitted(tx: Tx, id: string, counts: ImportCounts): Promise<void> {
  await tx.update(imports).set({ status: "committed", committedAt: sql`now()`, counts }).where(eq(imports.id, id));
}

/** An unfinished commit was taken back: the preview is staged again, as before it began. */
export async function markStagedAgain(tx: Tx, id: string): Promise<void> {
  await tx.update(importRows).set({ before: null, writtenVersion: null }).where(and(eq(importRows.importId, id), eq(importRows.action, "update")));
  await tx.update(imports).set({ status: "staged", counts: null }).where(eq(imports.id, id));
}

/** Imports whose commit began and did not end (the process stopped in the middle). */
export async function unfinishedCommits(db: Db): Promise<string[]> {
  return (await db.select({ id: imports.id }).from(imports).where(eq(imports.status, "committing"))).map((r) => r.id);
}

// ---------------------------------------------------------------- undo

// The version the import left a listing at: a created listing starts at 1 (the column's default),
// so its staged row is not rewritten at commit; an update keeps the version it wrote.
const WRITTEN_VERSION = sql.raw("(case when r.action = 'create' then 1 else r.written_version end)");

/** Listings the import wrote that were changed since (their version moved on). */
export async function changedSince(tx: Tx, id: string): Promise<{ id: string; name: string }[]> {
  const result = await tx.execute(sql`
    select l.id, l.listing_name as name from ${importRows} r join ${listings} l on l.id = r.listing_id
    where r.import_id = ${id} and ${WRITTEN_VERSION} is not null and l.version <> ${WRITTEN_VERSION}
    order by r.row`);
  return rowsOf<{ id: string; name: string }>(result);
}

/** Staged rows [from, to) only, or all of the import's rows. */
export type RowRange = [from: number, to: number];
const within = (range?: RowRange) => (range ? sql` and r.row >= ${range[0]} and r.row < ${range[1]}` : sql``);

/** Deletes the listings the import created and nobody changed since; returns their ids. */
export async function deleteCreated(tx: Tx, id: string, range?: RowRange): Promise<string[]> {
  const result = await tx.execute(sql`
    delete from ${listings} l using ${importRows} r
    where r.import_id = ${id} and r.action = 'create' and l.id = r.listing_id and l.version = ${WRITTEN_VERSION}${within(range)}
    returning l.id`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

/** Puts back the values the import replaced, where nobody changed the listing since; returns their ids. */
export async function restoreUpdated(tx: Tx, id: string, fields: string[], by: number | null, range?: RowRange): Promise<string[]> {
  const written = WRITE_COLUMNS.filter((c) => fields.includes(c.field));
  if (written.length === 0) return [];
  const movedPoint = locationAssignments(written.map((c) => c.field), "r").length > 0;
  const restored = movedPoint ? [...written.filter((c) => !LOCATION_WRITTEN.includes(c.field)), ...LOCATION_COLUMNS] : written;
  const set = sql.join(
    [
      ...restored.map((c) => sql`${col(c.column)} = ${castFrom(sql`r.before`, c.field)}`),
      ...(movedPoint ? [sql`location_precision = (r.before ->> 'locationPrecision')::location_precision`] : []),
      sql`updated_at = now()`,
      sql`version = l.version + 1`,
      sql`updated_by_id = ${by}`,
    ],
    sql`, `,
  );
  const result = await tx.execute(sql`
    update ${listings} as l set ${set}
    from ${importRows} r
    where r.import_id = ${id} and r.action = 'update' and r.written_version is not null
      and l.id = r.listing_id and l.version = r.written_version${within(range)}
    returning l.id`);
  return rowsOf<{ id: string }>(result).map((r) => r.id);
}

export async function markUndone(tx: Tx, id: string, by: number, undo: Record<string, unknown>): Promise<void> {
  await tx
    .update(imports)
    .set({ status: "undone", undoneAt: sql`now()`, undoneById: by, counts: sql`coalesce(${imports.counts}, '{}'::jsonb) || ${JSON.stringify({ undo })}::jsonb` })
    .where(eq(imports.id, id));
}

// ---------------------------------------------------------------- contacts

/** A contact import's row as staged: what the preview shows, and the contact it writes (first row of an email only). */
export interface StagedContactLine {
  row: number;
  action: ImportRowAction;
  shown: StoredRowShown;
  cells: string[] | null;
  contact: StagedContactRow | null;
}

/** Stores a contact import's preview and its rows, all or nothing (a file of contacts is small next to a listing file's 100,000 rows). */
export async function stageContactImport(
  db: Db,
  head: { userId: number; fileName: string; signature: string; fields: string[]; expiresAt: Date; preview: StoredPreview },
  lines: StagedContactLine[],
): Promise<string> {
  return db.transaction(async (tx) => {
    await forgetOldPreviews(tx);
    const [{ id }] = await tx.insert(imports).values({ ...head, target: "contacts" }).returning({ id: imports.id });
    for (let i = 0; i < lines.length; i += 1_000) {
      await tx.insert(importRows).values(lines.slice(i, i + 1_000).map((l) => ({ importId: id, ...l })));
    }
    return id;
  });
}

/** The staged contacts a commit writes, in file order. */
export async function stagedContacts(tx: Tx, id: string): Promise<{ row: number; contact: StagedContactRow }[]> {
  const rows = await tx
    .select({ row: importRows.row, contact: importRows.contact })
    .from(importRows)
    .where(and(eq(importRows.importId, id), sql`${importRows.contact} is not null`))
    .orderBy(importRows.row);
  return rows.map((r) => ({ row: r.row, contact: r.contact! }));
}

/** What the commit did to each contact, kept on its row for the undo. */
export interface ContactWritten {
  row: number;
  leadId: number;
  action: "create" | "update" | "unchanged";
  version: number;
  filled?: Record<string, [unknown, unknown]>;
}

export async function recordContactsWritten(tx: Tx, id: string, written: ContactWritten[]): Promise<void> {
  for (let i = 0; i < written.length; i += MATCH_BATCH) {
    const batch = written.slice(i, i + MATCH_BATCH);
    await tx.execute(sql`
      update ${importRows} r set lead_id = d.lead, written_version = d.version, before = d.before
      from unnest(${sql.param(batch.map((w) => w.row))}::int[], ${sql.param(batch.map((w) => w.leadId))}::int[],
        ${sql.param(batch.map((w) => w.version))}::int[], ${textArray(batch.map((w) => JSON.stringify({ applied: w.action, filled: w.filled ?? null })))}::jsonb[])
        as d(row, lead, version, before)
      where r.import_id = ${id} and r.row = d.row`);
  }
}

/** What the commit did to each contact, as recorded. */
export async function contactsWritten(tx: Tx, id: string): Promise<ContactWritten[]> {
  const rows = await tx
    .select({ row: importRows.row, leadId: importRows.leadId, version: importRows.writtenVersion, before: importRows.before })
    .from(importRows)
    .where(and(eq(importRows.importId, id), sql`${importRows.leadId} is not null`))
    .orderBy(importRows.row);
  return rows.map((r) => {
    const before = r.before as { applied: ContactWritten["action"]; filled: ContactWritten["filled"] | null };
    return { row: r.row, leadId: r.leadId!, version: r.version!, action: before.applied, ...(before.filled ? { filled: before.filled } : {}) };
  });
}
