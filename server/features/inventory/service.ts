// The brokerage's public inventory (docs/guides/inventory-and-feed.md): the listings the one
// outgoing rule lets out (shared/outgoing-listings.ts, through the feed feature's reading of
// it), filtered, sorted and paged, rendered once per version of what they show and per address,
// and served from memory while the change bus says nothing changed.
import { createHash } from "node:crypto";
import { gzipSync, constants as zlibConstants } from "node:zlib";
import type { InventoryFilters, InventorySettings, InventorySettingsUpdate } from "../../../shared/inventory.js";
import { INVENTORY_MAP_PATH, INVENTORY_PATH, inventoryQuery, offers } from "../../../shared/inventory.js";
import { marketStatusLine } from "../../../shared/market-status.js";
import type { Db } from "../../db/database.js";
import type { TrustedOrigin } from "../../http/public-origin.js";
import { LRUCache } from "lru-cache";
import { recordAuditEvent } from "../audit/service.js";
import { getVersionedBrand } from "../brand/service.js";
import { judgePublishedListings } from "../feed/service.js";
import { flyerContent } from "../flyer/service.js";
import { staticMapPng } from "../maps/service.js";
import { findCovers, findInventorySettings, saveInventorySettings } from "./data.js";
import { renderInventory, type InventoryCard } from "./render-inventory.js";

export { EMBED_FRAME_SCRIPT, EMBED_FRAME_SCRIPT_TAG, EMBED_SCRIPT, EMBED_SCRIPT_TAG } from "./embed-scripts.js";
export { EMBED_FRAME_SCRIPT_PATH } from "./render-inventory.js";

// Raised when the page's layout changes, so that pages cached before are made again.
const LAYOUT_VERSION = 2;
const PAGES_CACHE_BYTES = 32 * 1024 * 1024;
const DAY_MS = 86_400_000;
export const MAP_WIDTH = 640;
export const MAP_HEIGHT = 320;

export interface InventoryDeps {
  db: Db;
  /** A token that moves whenever a listing, an agent or the brand (and so these settings) may have changed; null while unknown. */
  freshness: () => string | null;
  soldDays: number;
  trustedOrigin: TrustedOrigin;
  now?: () => Date;
}

/** One listing in the inventory, with what the filters and sorts read. */
interface Member {
  card: InventoryCard;
  offeringType: Parameters<typeof offers>[1];
  propertyType: string | null;
  state: string;
  agentId: string | null;
  price: { sale: number | null; lease: number | null };
  size: number | null;
  listedAt: number;
  /** Where it is, only when its page shows the street address: a confidential place is never drawn. */
  point: { latitude: number; longitude: number } | null;
}

interface Snapshot {
  version: string | null;
  members: Member[];
  settings: { indexable: boolean; embedOrigins: string[] };
  brand: Awaited<ReturnType<typeof getVersionedBrand>>;
}

export interface InventoryPage {
  body: Buffer;
  gzip: Buffer;
  etag: string;
  /** The websites allowed to frame the embedded page (empty: none). */
  embedOrigins: string[];
}

const factOf = (facts: { label: string; value: string }[], ...labels: string[]) => labels.map((l) => facts.find((f) => f.label === l)?.value).find(Boolean) ?? null;

export function createInventoryService({ db, freshness, soldDays, trustedOrigin, now = () => new Date() }: InventoryDeps) {
  // Bounded by bytes (the page and its gzip), the least recently used first out.
  const pages = new LRUCache<string, InventoryPage>({ maxSize: PAGES_CACHE_BYTES, sizeCalculation: (p) => p.body.length + p.gzip.length });
  let snapshot: Promise<Snapshot> | null = null;
  // The last snapshot built, once built: what the answer from memory reads without waiting.
  let built: Snapshot | null = null;

  // What shows changes with the versions and, while closed listings are shown for some days, with the day.
  const versionNow = () => {
    const v = freshness();
    return v === null ? null : soldDays > 0 ? `${v}:${Math.floor(now().getTime() / DAY_MS)}` : v;
  };

  async function build(version: string | null): Promise<Snapshot> {
    const [judged, settings, brand] = await Promise.all([judgePublishedListings(db, { soldDays, now: now() }), findInventorySettings(db), getVersionedBrand(db)]);
    const inside = judged.filter((j) => j.inventory.out);
    const covers = await findCovers(
      db,
      inside.map((j) => j.row.listing.id),
    );
    const members = inside.map(({ row }): Member => {
      const l = row.listing;
      const content = flyerContent(l, null, brand);
      const cover = covers.get(l.id);
      const base = `/l/${row.token}`;
      return {
        card: {
          href: base,
          cover: cover === undefined ? null : `${base}/photos/${cover}`,
          name: content.name,
          kicker: marketStatusLine(content.market),
          closed: content.market.state === "closed",
          kind: content.propertyKind,
          price: factOf(content.facts, "Price", "Lease Rate"),
          size: factOf(content.facts, "Building Size", "Available", "Lot Size"),
          place: [l.city, l.state].filter(Boolean).join(", "),
        },
        offeringType: l.offeringType,
        propertyType: l.propertyType,
        state: l.state.toUpperCase(),
        agentId: l.agentId,
        price: { sale: l.askingPrice, lease: l.leaseRate },
        size: l.buildingSizeSf ?? l.availableSizeSf ?? null,
        listedAt: l.createdAt.getTime(),
        point: !l.addressConfidential && l.latitude !== null && l.longitude !== null ? { latitude: l.latitude, longitude: l.longitude } : null,
      };
    });
    return { version, members, settings, brand };
  }

  /** What the inventory holds under the current versions: built once per version, shared by concurrent requests. */
  async function current(): Promise<Snapshot> {
    const version = versionNow();
    if (version !== null && snapshot) {
      const known = await snapshot.catch(() => null);
      if (known && known.version === version) return known;
    }
    const building = build(version);
    if (version !== null) {
      snapshot = building;
      void building.then((b) => {
        if (snapshot === building) built = b;
      }, () => undefined);
    }
    return building;
  }

  function select(members: Member[], f: InventoryFilters): Member[] {
    // The price a filter or sort reads: the lease rate when only leases are asked for, else the asking price.
    const priceOf = (m: Member) => (f.offering === "lease" ? m.price.lease : m.price.sale);
    const within = (v: number | null, min: number | null, max: number | null) => (min === null && max === null) || (v !== null && (min === null || v >= min) && (max === null || v <= max));
    const chosen = members.filter(
      (m) =>
        (!f.offering || offers(f.offering, m.offeringType)) &&
        (!f.propertyType || m.propertyType === f.propertyType) &&
        (!f.state || m.state === f.state) &&
        (!f.agent || m.agentId === f.agent) &&
        within(priceOf(m), f.minPrice, f.maxPrice) &&
        within(m.size, f.minSize, f.maxSize),
    );
    // Listings without the figure sorted on go last, whichever way.
    const by = (value: (m: Member) => number | null, dir: 1 | -1) => (a: Member, b: Member) => {
      const x = value(a);
      const y = value(b);
      if (x === null || y === null) return x === y ? 0 : x === null ? 1 : -1;
      return (x - y) * dir;
    };
    const order = { newest: by((m) => m.listedAt, -1), "price-asc": by(priceOf, 1), "price-desc": by(priceOf, -1), "size-desc": by((m) => m.size, -1) }[f.sort];
    return chosen.sort((a, b) => order(a, b) || a.card.href.localeCompare(b.card.href));
  }

  const keyOf = (version: string | null, f: InventoryFilters, embed: boolean) => `${version}|${embed ? "embed" : "page"}|${inventoryQuery(f)}`;

  /**
   * The page when it is in memory under the current versions (for the answer before Express);
   * undefined otherwise. `query` is the filters' `inventoryQuery`, which the caller may keep.
   */
  function remembered(query: string, embed: boolean): InventoryPage | undefined {
    const version = versionNow();
    if (version === null || built?.version !== version) return undefined;
    return pages.get(`${version}|${embed ? "embed" : "page"}|${query}`);
  }

  /** The page these filters name (embedded or not), from memory while nothing it shows changed. */
  async function page(f: InventoryFilters, embed: boolean): Promise<InventoryPage> {
    const snap = await current();
    // Kept under the address as asked too (a page past the last is the last), so the answer from memory finds it.
    const asked = keyOf(snap.version, f, embed);
    const known = snap.version === null ? undefined : pages.get(asked);
    if (known) return known;
    const pageCount = Math.max(1, Math.ceil(select(snap.members, f).length / f.perPage));
    // A page past the last is the last: a stale link still shows listings.
    const filters = { ...f, page: Math.min(f.page, pageCount) };
    const key = keyOf(snap.version, filters, embed);
    const cached = snap.version === null ? undefined : pages.get(key);
    if (cached) {
      pages.set(asked, cached);
      return cached;
    }
    const chosen = select(snap.members, filters);
    const start = (filters.page - 1) * filters.perPage;
    const points = chosen.slice(start, start + filters.perPage).flatMap((m) => (m.point ? [m.point] : []));
    const html = renderInventory({
      mapPath: points.length > 0 ? `${INVENTORY_MAP_PATH}${inventoryQuery(filters)}` : null,
      cards: chosen.slice(start, start + filters.perPage).map((m) => m.card),
      total: chosen.length,
      filters,
      pageCount,
      embed,
      indexable: snap.settings.indexable,
      embedOrigins: snap.settings.embedOrigins,
      brand: snap.brand,
    });
    const body = Buffer.from(html);
    const result: InventoryPage = {
      body,
      gzip: gzipSync(body, { level: zlibConstants.Z_BEST_COMPRESSION }),
      etag: `"inventory-${createHash("sha256").update(JSON.stringify([LAYOUT_VERSION])).update(body).digest("base64url").slice(0, 27)}"`,
      embedOrigins: snap.settings.embedOrigins,
    };
    if (snap.version !== null) {
      pages.set(key, result);
      pages.set(asked, result);
    }
    return result;
  }

  async function settings(): Promise<InventorySettings> {
    const [stored, origin] = await Promise.all([findInventorySettings(db), trustedOrigin()]);
    return { ...stored, address: origin ? `${origin}${INVENTORY_PATH}` : null };
  }

  async function saveSettings(update: InventorySettingsUpdate, actorId: number): Promise<InventorySettings> {
    const values = Object.fromEntries(Object.entries(update).filter(([, v]) => v !== undefined));
    if (Object.keys(values).length > 0) {
      await db.transaction(async (tx) => {
        const before = await findInventorySettings(tx);
        await saveInventorySettings(tx, values, actorId);
        const changes = Object.fromEntries(Object.entries(values).map(([k, v]) => [`inventory.${k}`, [before[k as keyof typeof before], v] as [unknown, unknown]]));
        await recordAuditEvent(tx, { kind: "settings.changed", actorId, data: { changes } });
      });
    }
    return settings();
  }

  /** The map of a page's results: their points as dots on the embedded basemap; null when none has a point to show. */
  async function map(f: InventoryFilters): Promise<{ png: Buffer; etag: string } | null> {
    const snap = await current();
    const chosen = select(snap.members, f);
    const pageCount = Math.max(1, Math.ceil(chosen.length / f.perPage));
    const start = (Math.min(f.page, pageCount) - 1) * f.perPage;
    const points = chosen.slice(start, start + f.perPage).flatMap((m) => (m.point ? [m.point] : []));
    if (points.length === 0) return null;
    const lats = points.map((p) => p.latitude);
    const lngs = points.map((p) => p.longitude);
    const middle = { latitude: (Math.min(...lats) + Math.max(...lats)) / 2, longitude: (Math.min(...lngs) + Math.max(...lngs)) / 2 };
    const cos = Math.cos((middle.latitude * Math.PI) / 180);
    // Wide enough for every dot with a margin (the height is half the width); at least a few towns across.
    const half = Math.max(0.15, ((Math.max(...lngs) - Math.min(...lngs)) / 2) * 1.2, ((Math.max(...lats) - Math.min(...lats)) / cos) * 1.2);
    const png = await staticMapPng(middle, { width: MAP_WIDTH, height: MAP_HEIGHT, halfSpanDegrees: half, pin: false, pinColor: snap.brand.accentColor, dots: points });
    return { png, etag: `"inventory-map-${createHash("sha256").update(png).digest("base64url").slice(0, 27)}"` };
  }

  return { page, remembered, map, settings, saveSettings, cached: () => pages.size };
}
export type InventoryService = ReturnType<typeof createInventoryService>;
