// The listings feed (docs/guides/inventory-and-feed.md): feed keys, the feed built once per
// version of what it shows and served from memory, departures remembered for tombstones, and
// Settings' health list.
import { createHash, randomBytes } from "node:crypto";
import { LRUCache } from "lru-cache";
import type { CreatedFeedKey, FeedHealth, FeedKey, FeedKeyCreate } from "../../../shared/feed.js";
import { FEED_PATH, FEED_SCHEMA_PATH } from "../../../shared/feed.js";
import type { Db } from "../../db/database.js";
import { badRequest, notFound } from "../../http/http-error.js";
import { renderedCache } from "../../http/rendered-cache.js";
import type { Logger } from "../../logger.js";
import { recordAuditEvent } from "../audit/service.js";
import {
  deleteFeedKey,
  findBrandStamp,
  findConfirmedPhotosOf,
  findFeedKeyByHash,
  findOfferedSpacesOf,
  insertFeedKey,
  listFeedKeys,
  reconcileFeedMembers,
  touchFeedKey,
  type FeedKeyRow,
} from "./data.js";
import { feedRecord, modifiedAt, type FeedRecord, type FeedTombstone } from "./record.js";
import { tombstoneStatus } from "./reso.js";
import { judgePublishedListings, type JudgedListing } from "./which-listings.js";

export { judgePublishedListings, type JudgedListing } from "./which-listings.js";
export { FEED_JSON_SCHEMA } from "./json-schema.js";

/** At most this many records per page; `$top` asks for fewer. */
export const FEED_PAGE_MAX = 200;
/** How long a listing that left the feed is answered as a tombstone to `?since=`. */
export const TOMBSTONE_DAYS = 30;
// A key's last use is written at most this often, so a flood of requests is not a flood of writes.
const TOUCH_EVERY_MS = 60_000;
// A key's answer (valid or not) is kept this long: a key deleted on another server stops working
// within it; one deleted here stops at once.
const KEY_MEMORY_MS = 10_000;
const PAGES_CACHE_BYTES = 32 * 1024 * 1024;
const DAY_MS = 86_400_000;
const KEY_PREFIX = "ldf_";
// Portals poll and page: 120 requests a minute per key is a full read of 24,000 listings.
export const FEED_REQUESTS_PER_MINUTE = 120;
const MINUTE_MS = 60_000;

export interface FeedDeps {
  db: Db;
  /** A token that moves whenever a listing, an agent or the brand may have changed; null while unknown. */
  freshness: () => string | null;
  /** Days Closed listings stay out as Sold / Leased (INVENTORY_SOLD_DAYS). */
  soldDays: number;
  /** Requests a minute each key may make (per server). */
  requestsPerMinute?: number;
  logger?: Logger;
  now?: () => Date;
}

/** What a feed request asks for, as read from its query (unknown parameters are ignored). */
export interface FeedQuery {
  since: Date | null;
  top: number;
  /** The last ListingKey of the page before. */
  after: string | null;
  /** The key when it came in the query, so the next page's link works the same way. */
  key: string | null;
}

export interface FeedPage {
  body: Buffer;
  etag: string;
}

type Entry = { key: string; record: FeedRecord | FeedTombstone; modified: number; tombstone: boolean };
interface Snapshot {
  entries: Entry[];
}

/** Rows of many listings by listing, each listing's in the order given. */
function groupByListing<T extends { listingId: string }>(rows: T[]): Map<string, T[]> {
  const of = new Map<string, T[]>();
  for (const r of rows) {
    const list = of.get(r.listingId);
    if (list) list.push(r);
    else of.set(r.listingId, [r]);
  }
  return of;
}

const hashKey = (key: string) => createHash("sha256").update(key).digest("hex");
const toFeedKey = (row: FeedKeyRow): FeedKey => ({ id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null });

const SINCE_MESSAGE = "since must be a timestamp like 2026-11-28T00:00:00Z (a ModificationTimestamp from the feed)";
const TOP_MESSAGE = `$top must be a whole number from 1 to ${FEED_PAGE_MAX}`;

/** Reads a feed request's query: a bad `since` or `$top` is a clear 400; a larger `$top` is capped. */
export function feedQuery(query: Record<string, unknown>, keyInQuery: string | null): FeedQuery {
  const one = (name: string) => (typeof query[name] === "string" ? (query[name] as string) : undefined);
  const sinceText = one("since");
  const since = sinceText === undefined ? null : new Date(sinceText);
  if (since !== null && (Number.isNaN(since.getTime()) || !/^\d{4}-\d{2}-\d{2}/.test(sinceText!))) throw badRequest(SINCE_MESSAGE, { since: SINCE_MESSAGE });
  const topText = one("$top");
  const top = topText === undefined ? FEED_PAGE_MAX : Number(topText);
  if (!Number.isInteger(top) || top < 1) throw badRequest(TOP_MESSAGE, { $top: TOP_MESSAGE });
  return { since, top: Math.min(top, FEED_PAGE_MAX), after: one("$skiptoken") ?? null, key: keyInQuery };
}

export function createFeedService({ db, freshness, soldDays, requestsPerMinute = FEED_REQUESTS_PER_MINUTE, logger, now = () => new Date() }: FeedDeps) {
  const keys = new LRUCache<string, { id: number | null }>({ max: 1_000, ttl: KEY_MEMORY_MS });
  const touched = new Map<number, number>();
  // Each key's requests in the current minute (a fixed window, in memory, per server).
  const counted = new Map<number, { from: number; n: number }>();
  // The trusted origin the feed was last built for, under that version: lets a request be answered from memory.
  let trustedAt: { version: string; origin: string } | null = null;
  const pages = renderedCache<Buffer>(PAGES_CACHE_BYTES);
  const etags = new WeakMap<Buffer, string>();
  // One build per version at a time; its snapshot is kept until the version moves.
  let snapshot: { version: string; made: Promise<Snapshot> } | null = null;

  async function createKey(input: FeedKeyCreate, actorId: number): Promise<CreatedFeedKey> {
    const key = `${KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
    const row = await db.transaction(async (tx) => {
      const made = await insertFeedKey(tx, { name: input.name, keyHash: hashKey(key), createdById: actorId });
      await recordAuditEvent(tx, { kind: "feed.key-created", actorId, data: { keyId: made.id, name: made.name } });
      return made;
    });
    return { id: row.id, name: row.name, key };
  }

  async function removeKey(id: number, actorId: number): Promise<void> {
    const removed = await db.transaction(async (tx) => {
      const row = await deleteFeedKey(tx, id);
      if (row) await recordAuditEvent(tx, { kind: "feed.key-deleted", actorId, data: { keyId: row.id, name: row.name } });
      return row;
    });
    if (!removed) throw notFound("Feed key not found");
    keys.clear();
  }

  const wellFormed = (key: string) => key.startsWith(KEY_PREFIX) && key.length <= 100;

  /** Writes the key's last use, at most once a minute, in the background. */
  function used(id: number) {
    const at = now();
    if (at.getTime() - (touched.get(id) ?? 0) < TOUCH_EVERY_MS) return;
    touched.set(id, at.getTime());
    touchFeedKey(db, id, at).catch((err: unknown) => logger?.warn({ err }, "feed: could not record a key's last use"));
  }

  /** What memory knows of a key: its id, null for no key, undefined when it must be looked up. */
  function rememberedKey(key: string): number | null | undefined {
    if (!wellFormed(key)) return null;
    const id = keys.get(hashKey(key))?.id;
    if (id !== undefined && id !== null) used(id);
    return id;
  }

  /** The key's id when it is a feed key now, else null; its last use written at most once a minute. */
  async function authenticate(key: string): Promise<number | null> {
    const known = rememberedKey(key);
    if (known !== undefined) return known;
    const hash = hashKey(key);
    const id = (await findFeedKeyByHash(db, hash))?.id ?? null;
    keys.set(hash, { id });
    if (id !== null) used(id);
    return id;
  }

  /** Counts a request of this key; false once it is past its requests for the minute. */
  function allow(id: number): boolean {
    const at = now().getTime();
    const window = counted.get(id);
    if (!window || at - window.from >= MINUTE_MS) {
      counted.set(id, { from: at, n: 1 });
      return true;
    }
    window.n += 1;
    return window.n <= requestsPerMinute;
  }

  const window = () => ({ soldDays, now: now() });
  // What the feed shows moves with listings, agents and the brand, its origin, and the day while Closed listings age out.
  const versionOf = (known: string, origin: string) => `${known}|${origin}|${soldDays > 0 ? Math.floor(now().getTime() / DAY_MS) : 0}`;

  async function build(origin: string): Promise<Snapshot> {
    const judged = await judgePublishedListings(db, window());
    const members = judged.filter((j): j is JudgedListing & { feed: { out: true } } => j.feed.out);
    const ids = members.map((m) => m.row.listing.id);
    const [photos, spaces, brand] = await Promise.all([findConfirmedPhotosOf(db, ids), findOfferedSpacesOf(db, ids), findBrandStamp(db)]);
    const photosOf = groupByListing(photos);
    const spacesOf = groupByListing(spaces);
    const stages = new Map(judged.map((j) => [j.row.listing.id, j.row.listing.dealStage]));
    const departed = await reconcileFeedMembers(
      db,
      members.map((m) => m.row.listing.id),
      (id) => tombstoneStatus(stages.get(id)),
      new Date(now().getTime() - TOMBSTONE_DAYS * DAY_MS),
    );
    const officeName = brand?.brokerageName || null;
    const entries: Entry[] = members.map((m) => {
      const modified = modifiedAt(m.row, brand?.updatedAt ?? null);
      const id = m.row.listing.id;
      const record = feedRecord(m.row, m.feed.state, photosOf.get(id) ?? [], spacesOf.get(id) ?? [], { origin, officeName, modifiedAt: modified });
      return { key: record.ListingKey, record, modified: modified.getTime(), tombstone: false };
    });
    for (const d of departed) {
      const record: FeedTombstone = { ListingKey: d.listingId, ListingId: d.listingId, StandardStatus: d.leftAs === "Closed" ? "Closed" : "Withdrawn", ModificationTimestamp: d.leftAt!.toISOString() };
      entries.push({ key: d.listingId, record, modified: d.leftAt!.getTime(), tombstone: true });
    }
    entries.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
    return { entries };
  }

  /**
   * The feed as it stands, built at most once per version of what it shows (and per day while
   * Closed listings age out); null versions (the bus is down) build every time.
   */
  function current(origin: string): { version: string | null; made: Promise<Snapshot> } {
    const known = freshness();
    const version = known === null ? null : versionOf(known, origin);
    if (version !== null && snapshot?.version === version) return snapshot;
    const made = build(origin);
    if (version !== null) {
      snapshot = { version, made };
      made.catch(() => {
        if (snapshot?.made === made) snapshot = null;
      });
    }
    return { version, made };
  }

  function render(entries: Entry[], origin: string, q: FeedQuery): Buffer {
    const since = q.since?.getTime() ?? null;
    // A full read is the feed as it is; a read since a time is what changed, departures included.
    const chosen = entries.filter((e) => (since === null ? !e.tombstone : e.modified > since) && (q.after === null || e.key > q.after));
    const value = chosen.slice(0, q.top);
    const more = chosen.length > q.top;
    const next = new URLSearchParams();
    if (q.since) next.set("since", q.since.toISOString());
    if (q.top !== FEED_PAGE_MAX) next.set("$top", String(q.top));
    if (more) next.set("$skiptoken", value.at(-1)!.key);
    if (q.key) next.set("key", q.key);
    return Buffer.from(
      JSON.stringify({
        "@odata.context": `${origin}${FEED_SCHEMA_PATH}#Property`,
        value: value.map((e) => e.record),
        ...(more && { "@odata.nextLink": `${origin}${FEED_PATH}?${next.toString()}` }),
      }),
    );
  }

  const pageKey = (version: string, q: FeedQuery) => JSON.stringify([version, q.since?.getTime() ?? null, q.top, q.after, q.key]);
  const reply = (body: Buffer): FeedPage => ({ body, etag: etags.get(body)! });

  /**
   * One page of the feed, its bytes and tag made once per version and query. `trusted`: the
   * origin is the trusted one (not the request's), so later requests may be answered from memory.
   */
  async function page(origin: string, q: FeedQuery, trusted = false): Promise<FeedPage> {
    const { version, made } = current(origin);
    if (trusted && version !== null) trustedAt = { version, origin };
    const cacheKey = version === null ? null : pageKey(version, q);
    let body = cacheKey === null ? undefined : pages.get(cacheKey);
    if (body === undefined) {
      body = render((await made).entries, origin, q);
      etags.set(body, `"feed-${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`);
      if (cacheKey !== null) pages.set(cacheKey, body);
    }
    return reply(body);
  }

  /** The page from memory alone, when the feed under the current version was built for the trusted origin. */
  function rememberedPage(q: FeedQuery): FeedPage | undefined {
    const known = freshness();
    if (known === null || trustedAt === null) return undefined;
    const version = versionOf(known, trustedAt.origin);
    if (version !== trustedAt.version) return undefined;
    const body = pages.get(pageKey(version, q));
    return body === undefined ? undefined : reply(body);
  }

  /** The published listings that are not in the feed, with why, for Settings. */
  async function health(): Promise<FeedHealth> {
    const judged = await judgePublishedListings(db, window());
    const out = judged.filter((j) => j.feed.out).length;
    const notInFeed = judged
      .flatMap((j) => (j.feed.out ? [] : [{ listingId: j.row.listing.id, listingName: j.row.listing.listingName, reasons: j.feed.reasons }]))
      .sort((a, b) => a.listingName.localeCompare(b.listingName));
    return { inFeed: out, notInFeed };
  }

  return {
    createKey,
    removeKey,
    listKeys: async () => (await listFeedKeys(db)).map(toFeedKey),
    authenticate,
    rememberedKey,
    allow,
    page,
    rememberedPage,
    health,
  };
}
export type FeedService = ReturnType<typeof createFeedService>;
