// Queries over audit_events: the one table behind both the listing timelines and the audit log.
import { and, desc, eq, gt, gte, inArray, isNull, like, lt, notInArray, sql, type SQL } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { REFERENCING_KINDS, type AuditKind } from "../../../shared/audit.js";
import { auditEvents, listings, users } from "../../db/tables.js";
import type { Db, Tx } from "../../db/database.js";
import type { AuditData } from "../../db/json-columns.js";

/** A kind the server writes, or one a test writes to check the log itself ("test.…"). */
export type WrittenKind = AuditKind | `test.${string}`;

export interface AuditEventValues {
  kind: WrittenKind;
  actorId?: number | null;
  listingId?: string | null;
  address?: string | null;
  data?: AuditData | null;
}

/** Inserts one event and returns its id (bulk edits and imports point their entries at it). */
export async function insertAuditEvent(db: Db | Tx, event: AuditEventValues): Promise<number> {
  const [row] = await db
    .insert(auditEvents)
    .values({
      kind: event.kind,
      actorId: event.actorId ?? null,
      listingId: event.listingId ?? null,
      address: event.address ?? null,
      data: event.data ?? null,
    })
    .returning({ id: auditEvents.id });
  // No row only when a trigger discarded the entry (npm run bench's "log off" runs).
  return row?.id ?? 0;
}

/**
 * One entry per listing, all alike but for the listing: a single statement whatever the count,
 * with the ids as one array parameter, so a 100,000-row import adds one insert, not 100,000.
 */
export async function insertEventPerListing(
  db: Db | Tx,
  event: { kind: AuditKind; actorId: number | null; data: Record<string, unknown> },
  listingIds: string[],
): Promise<void> {
  if (listingIds.length === 0) return;
  await db.execute(sql`
    insert into ${auditEvents} (kind, actor_id, listing_id, data)
    select ${event.kind}, ${event.actorId}::int, unnest(${sql.param(listingIds)}::text[]), ${JSON.stringify(event.data)}::jsonb`);
}

/** Replaces an action's data (an import's entry gets its final counts when the import ends). */
export async function setEventData(db: Db | Tx, id: number, data: Record<string, unknown>): Promise<void> {
  await db.update(auditEvents).set({ data }).where(eq(auditEvents.id, id));
}

/**
 * Deletes an action's entry and the per-listing entries pointing at it: they are written after
 * the action, so the id range bounds the scan (an import that did not finish).
 */
export async function deleteActionAndEntries(db: Db | Tx, ref: number): Promise<void> {
  await db.execute(sql`delete from ${auditEvents} where id = ${ref} or (id > ${ref} and data->>'ref' = ${String(ref)})`);
}

/**
 * The newest entry of `kind` that `actorId` wrote in the last day whose data holds `value` at
 * `key`: how a later request finds the entry an earlier one of the same person left (a bulk
 * delete's run, a flyer's image). The actor index keeps the search to that person's entries.
 */
async function recentOwnEntry(
  db: Db | Tx,
  find: { actorId: number | null; kind: string; key: string; value: string },
): Promise<{ id: number; data: AuditData | null } | undefined> {
  const [row] = await db
    .select({ id: auditEvents.id, data: auditEvents.data })
    .from(auditEvents)
    .where(
      and(
        find.actorId === null ? isNull(auditEvents.actorId) : eq(auditEvents.actorId, find.actorId),
        // A bulk delete's calls arrive within minutes, a form is open for minutes: older entries are
        // not what the request is about.
        gte(auditEvents.at, sql`now() - interval '1 day'`),
        eq(auditEvents.kind, find.kind),
        sql`${auditEvents.data}->>${find.key} = ${find.value}`,
      ),
    )
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return row;
}

// Any constant works: it keeps bulk-delete locks apart from other advisory locks.
const BULK_DELETE_LOCK = 7_240_170;

/**
 * Adds one deleted listing to the actor's `bulk.deleted` entry for this bulk action, creating it
 * on the first deletion; returns the entry's id. The lock (held until the transaction ends) makes
 * the parallel calls of one bulk delete take turns, so they fold into one entry, never two.
 */
export async function addToBulkDeletion(tx: Db | Tx, bulk: { bulkId: string; actorId: number | null; listingId: string }): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(${BULK_DELETE_LOCK}, hashtext(${bulk.bulkId}))`);
  const found = await recentOwnEntry(tx, { actorId: bulk.actorId, kind: "bulk.deleted", key: "bulkId", value: bulk.bulkId });
  if (!found) {
    return insertAuditEvent(tx, { kind: "bulk.deleted", actorId: bulk.actorId, data: { bulkId: bulk.bulkId, count: 1, ids: [bulk.listingId] } });
  }
  await tx.execute(sql`
    update ${auditEvents}
    set data = jsonb_set(jsonb_set(data, '{ids}', (data->'ids') || to_jsonb(${bulk.listingId}::text)), '{count}', to_jsonb((data->>'count')::int + 1))
    where id = ${found.id}`);
  return found.id;
}

const IMPORT_POSTS_LOCK = 7_240_171;
export const IMPORT_POSTS_KIND = "posts.import-generated";

/**
 * Adds `count` listings to the one entry for the posts written for the import `ref`, creating it
 * with the first job's; the lock makes jobs of one import running at once take turns.
 */
export async function addToImportPosts(tx: Db | Tx, entry: { ref: number; name?: string; count: number; writer: string }): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${IMPORT_POSTS_LOCK}, ${entry.ref})`);
  const [found] = await findEntriesPointingAt(tx, entry.ref, IMPORT_POSTS_KIND, "ref");
  if (!found) {
    const data = { ref: entry.ref, count: entry.count, writer: entry.writer, ...(entry.name ? { importName: entry.name } : {}) };
    await insertAuditEvent(tx, { kind: IMPORT_POSTS_KIND, actorId: null, data });
    return;
  }
  await tx.execute(sql`update ${auditEvents} set data = jsonb_set(data, '{count}', to_jsonb((data->>'count')::int + ${entry.count}::int)) where id = ${found.id}`);
}

/** An image the server took from a flyer for someone: how "created from a flyer" is told apart. */
export const FLYER_IMAGE_KIND = "flyer.image-extracted";

/**
 * The flyer link `actorId` took `imageUrl` from in the last day, if they did: image URLs hold a
 * random key, so only the person the server gave it to can be creating a listing from it.
 */
export async function findFlyerOfImage(db: Db | Tx, actorId: number, imageUrl: string): Promise<string | undefined> {
  const found = await recentOwnEntry(db, { actorId, kind: FLYER_IMAGE_KIND, key: "imageUrl", value: imageUrl });
  const flyerUrl = found?.data?.flyerUrl;
  return typeof flyerUrl === "string" ? flyerUrl : undefined;
}

/**
 * Entries the admins' log leaves out: the per-listing echoes of a bulk action or an import (the
 * log shows the action), and flyer extractions (the listing made with the image names them).
 */
const NOT_IN_LOG = [...REFERENCING_KINDS, FLYER_IMAGE_KIND];

export interface EntryFilter {
  listingId?: string;
  /** An exact kind, or an area when it ends with "." ("auth." is every sign-in kind). */
  kind?: string;
  actorId?: number;
  from?: Date;
  /** Exclusive. */
  to?: Date;
  /** Only entries older than this id (the page cursor). */
  beforeId?: number;
  /** Leave out what the audit log leaves out (NOT_IN_LOG). */
  skipReferencing?: boolean;
}

export interface EntryRow {
  id: number;
  at: Date;
  kind: string;
  listingId: string | null;
  address: string | null;
  data: AuditData | null;
  actorId: number | null;
  actorName: string | null;
  refId: number | null;
  refKind: string | null;
  refData: AuditData | null;
  refAt: Date | null;
  /** The listing's name now; null when it is gone (a deletion keeps it in its data). */
  listingName: string | null;
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function conditions(f: EntryFilter): SQL | undefined {
  const all: (SQL | undefined)[] = [
    f.listingId === undefined ? undefined : eq(auditEvents.listingId, f.listingId),
    f.kind === undefined
      ? undefined
      : f.kind.endsWith(".")
        ? like(auditEvents.kind, `${escapeLike(f.kind)}%`)
        : eq(auditEvents.kind, f.kind),
    f.actorId === undefined ? undefined : eq(auditEvents.actorId, f.actorId),
    f.from === undefined ? undefined : gte(auditEvents.at, f.from),
    f.to === undefined ? undefined : lt(auditEvents.at, f.to),
    f.beforeId === undefined ? undefined : lt(auditEvents.id, f.beforeId),
    f.skipReferencing ? notInArray(auditEvents.kind, NOT_IN_LOG) : undefined,
  ];
  return and(...all.filter((c) => c !== undefined));
}

/** Newest first (ids grow with time), `limit` of them, with who did each and what it points to. */
export async function findEntries(db: Db, filter: EntryFilter, limit: number): Promise<EntryRow[]> {
  const ref = alias(auditEvents, "ref");
  const rows = await db
    .select({
      id: auditEvents.id,
      at: auditEvents.at,
      kind: auditEvents.kind,
      listingId: auditEvents.listingId,
      address: auditEvents.address,
      data: auditEvents.data,
      actorId: auditEvents.actorId,
      actorName: users.username,
      refId: ref.id,
      refKind: ref.kind,
      refData: ref.data,
      refAt: ref.at,
      listingName: listings.listingName,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .leftJoin(listings, eq(listings.id, auditEvents.listingId))
    .leftJoin(ref, sql`${ref.id} = (${auditEvents.data}->>'ref')::int`)
    .where(conditions(filter))
    .orderBy(desc(auditEvents.id))
    .limit(limit);
  return rows;
}

export async function findEntry(db: Db | Tx, id: number): Promise<{ id: number; kind: string; listingId: string | null; data: AuditData | null } | undefined> {
  const [row] = await db
    .select({ id: auditEvents.id, kind: auditEvents.kind, listingId: auditEvents.listingId, data: auditEvents.data })
    .from(auditEvents)
    .where(eq(auditEvents.id, id));
  return row;
}

/** Deletes up to `batch` entries older than `before`; returns how many went. */
export async function deleteEntriesBefore(db: Db, before: Date, batch: number): Promise<number> {
  const oldest = db.select({ id: auditEvents.id }).from(auditEvents).where(lt(auditEvents.at, before)).limit(batch);
  const rows = await db.delete(auditEvents).where(inArray(auditEvents.id, oldest)).returning({ id: auditEvents.id });
  return rows.length;
}

/**
 * One entry per listing, each with its own data (a bulk edit's before → after differs per
 * listing): one statement, the rows passed as one JSON array.
 */
export async function insertEventsWithData(
  db: Db | Tx,
  event: { kind: AuditKind; actorId: number | null },
  rows: { listingId: string; data: Record<string, unknown> }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.execute(sql`
    insert into ${auditEvents} (kind, actor_id, listing_id, data)
    select ${event.kind}, ${event.actorId}::int, e->>'listingId', e->'data'
    from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) as e`);
}

export interface ActionRow {
  id: number;
  kind: string;
  actorId: number | null;
  data: AuditData | null;
}

/** An action's entry, locked until the transaction ends (two undos of one action run one after the other). */
export async function lockAction(tx: Tx, id: number): Promise<ActionRow | undefined> {
  const [row] = await tx
    .select({ id: auditEvents.id, kind: auditEvents.kind, actorId: auditEvents.actorId, data: auditEvents.data })
    .from(auditEvents)
    .where(eq(auditEvents.id, id))
    .for("update");
  return row;
}

/**
 * Entries of `kind` whose data points at action `ref` through `key` ("ref" for a per-listing
 * entry). They are written after the action, so the id range bounds the scan.
 */
export async function findEntriesPointingAt(
  db: Db | Tx,
  ref: number,
  kind: string,
  key: "ref" | "undoes",
): Promise<{ id: number; listingId: string | null; data: AuditData | null }[]> {
  const rows = await db
    .select({ id: auditEvents.id, listingId: auditEvents.listingId, data: auditEvents.data })
    .from(auditEvents)
    .where(and(sql`${auditEvents.id} > ${ref}`, eq(auditEvents.kind, kind), sql`${auditEvents.data}->>${key} = ${String(ref)}`));
  return rows;
}

/** The kinds of entry a listing's life starts with, at version 1. */
const CREATION_KINDS = ["listing.created", "listing.imported"];

/**
 * The id of the entry whose save left the listing at `version`: a single-listing save stamps
 * the version it wrote in its data; version 1 is the listing's creation. Undefined when no such
 * entry is (still) there.
 */
export async function findEntryOfVersion(db: Db | Tx, listingId: string, version: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: auditEvents.id })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.listingId, listingId),
        version === 1 ? inArray(auditEvents.kind, CREATION_KINDS) : sql`${auditEvents.data}->'version' = to_jsonb(${version}::int)`,
      ),
    )
    .orderBy(desc(auditEvents.id))
    .limit(1);
  return row?.id;
}

/** A listing's entries after the entry `afterId`, oldest first, with who wrote each. */
export async function findListingEntriesAfter(
  db: Db | Tx,
  listingId: string,
  afterId: number,
): Promise<{ kind: string; data: AuditData | null; actorName: string | null }[]> {
  const rows = await db
    .select({ kind: auditEvents.kind, data: auditEvents.data, actorName: users.username })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorId))
    .where(and(eq(auditEvents.listingId, listingId), gt(auditEvents.id, afterId)))
    .orderBy(auditEvents.id);
  return rows;
}

/** A lead's pipeline entries (kinds "listing.prospect-…", data.leadId), newest first. */
export async function findProspectEntriesOfLead(db: Db | Tx, leadId: number, limit = 200) {
  return db
    .select({ at: auditEvents.at, kind: auditEvents.kind, listingId: auditEvents.listingId, data: auditEvents.data })
    .from(auditEvents)
    .where(and(like(auditEvents.kind, "listing.prospect-%"), sql`(${auditEvents.data} ->> 'leadId')::integer = ${leadId}`))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(limit);
}
