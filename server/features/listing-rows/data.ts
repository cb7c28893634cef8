// The queries both importers (the template CSV import and the import wizard) share: the import
// lock, and matching rows to the listings they update by name and address.
import { sql, type SQL } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db, Tx } from "../../db/database.js";
import { arrayParam, rowsOf } from "../../db/raw-sql.js";
import { agents, imports, listings } from "../../db/tables.js";

// One import at a time, so two imports of one file cannot both create the same listing.
const IMPORT_LOCK_KEY = 7_240_118;

// The expression of listings_match_key_idx: name and address ignoring case and extra spaces.
const matchKey = (value: SQL | PgColumn) => sql`lower(regexp_replace(btrim(${value}), '\\s+', ' ', 'g'))`;

const ASCII_UPPER = "ABCDEFGHIJKLMNOPQRSTUVWXYZ";
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
/** matchKey of printable ASCII text, where btrim and \s can only meet spaces; null for any other text. */
const asciiKey = (value: string) =>
  PRINTABLE_ASCII.test(value) ? value.replace(/^ +| +$/g, "").replace(/ {2,}/g, " ").toLowerCase() : null;

/** Whether this database lowercases A-Z as JavaScript does (beginImport's second answer, without the lock). */
export async function asciiKeysAgree(db: Db | Tx): Promise<boolean> {
  const [row] = rowsOf<{ plain: boolean }>(await db.execute(sql`select lower(${ASCII_UPPER}) = ${ASCII_UPPER.toLowerCase()} as plain`));
  return row.plain;
}

/**
 * Takes the import lock if no other import holds it (waiting would hold a pooled connection).
 * On the embedded database an import wizard's commit runs in several transactions, so between
 * them the lock is free: its import's row says "committing" meanwhile, and counts as the lock.
 * Also answers whether this database lowercases A-Z to a-z as JavaScript does (every locale but a
 * Turkish one), which lets match keys of plain ASCII text be computed here.
 */
export async function beginImport(tx: Tx): Promise<{ locked: boolean; asciiKeysHere: boolean }> {
  const [row] = rowsOf<{ locked: boolean; plain: boolean }>(
    await tx.execute(sql`
      select pg_try_advisory_xact_lock(${IMPORT_LOCK_KEY})
          and not exists (select 1 from ${imports} where status = 'committing') as locked,
        lower(${ASCII_UPPER}) = ${ASCII_UPPER.toLowerCase()} as plain`),
  );
  return { locked: row.locked, asciiKeysHere: row.plain };
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
