// The brokerage's public inventory (docs/guides/inventory-and-feed.md): its settings as admins
// edit them, and its filters as addresses and the embed snippet name them. Unknown filters and
// values are ignored, never an error: an address a website linked years ago still opens.
import { z } from "zod";
import { OFFERING_TYPES, type OfferingType } from "./enumerations.js";
import { PROPERTY_TYPES, type PropertyType } from "./listing-fact-choices.js";

export const INVENTORY_PATH = "/inventory";
export const INVENTORY_EMBED_PATH = "/inventory/embed";
export const INVENTORY_MAP_PATH = "/inventory/map.png";
export const EMBED_SCRIPT_PATH = "/embed.js";
/** Cards a page; `perPage` may ask for fewer, never more. */
export const INVENTORY_PAGE_SIZE = 24;
export const EMBED_ORIGINS_MAX = 20;
/** The message the embedded page posts to its parent: its height, and nothing else. */
export const EMBED_MESSAGE_TYPE = "listing-desk-inventory:height";

export const INVENTORY_OFFERINGS = ["sale", "lease"] as const;
export type InventoryOffering = (typeof INVENTORY_OFFERINGS)[number];
export const INVENTORY_SORTS = ["newest", "price-asc", "price-desc", "size-desc"] as const;
export type InventorySort = (typeof INVENTORY_SORTS)[number];

/** A property type as an address segment: "Mixed Use" is "mixed-use". */
export const propertyTypeSlug = (t: PropertyType) => t.toLowerCase().replace(/\s+/g, "-");
const TYPE_BY_SLUG = new Map<string, PropertyType>(PROPERTY_TYPES.map((t) => [propertyTypeSlug(t), t]));

export const offers = (o: InventoryOffering, t: OfferingType) => (o === "lease" ? t.includes("Lease") : t.includes("Sell") || t.includes("Transfer"));
// Every offering type is a sale, a lease, or both: the two words cover them all.
OFFERING_TYPES.forEach((t) => {
  if (!offers("sale", t) && !offers("lease", t)) throw new Error(`offering ${t} is neither a sale nor a lease`);
});

export interface InventoryFilters {
  offering: InventoryOffering | null;
  propertyType: PropertyType | null;
  /** Two capital letters. */
  state: string | null;
  minPrice: number | null;
  maxPrice: number | null;
  minSize: number | null;
  maxSize: number | null;
  /** Only this agent's listings (the embed's `data-agent`). */
  agent: string | null;
  sort: InventorySort;
  page: number;
  perPage: number;
}

const STATE = /^[a-z]{2}$/i;
const AGENT = /^[A-Za-z0-9_-]{1,64}$/;
const single = (v: unknown): string | null => (typeof v === "string" ? v : Array.isArray(v) && typeof v[0] === "string" ? v[0] : null);
function amount(v: unknown): number | null {
  const s = single(v)?.replace(/[$,\s]/g, "");
  if (!s || !/^\d{1,12}(\.\d+)?$/.test(s)) return null;
  return Number(s);
}
function whole(v: unknown, min: number, max: number, fallback: number): number {
  const s = single(v);
  if (!s || !/^\d{1,6}$/.test(s)) return fallback;
  return Math.min(max, Math.max(min, Number(s)));
}
const oneOf = <T extends string>(list: readonly T[], v: unknown): T | null => {
  const s = single(v)?.toLowerCase();
  return (list as readonly string[]).includes(s ?? "") ? (s as T) : null;
};

/**
 * The filters of an address: path segments (`lease`, `office`, `oh`, in any order) and then the
 * query (`offering`, `type`, `state`, `minPrice`, `maxPrice`, `minSize`, `maxSize`, `agent`,
 * `sort`, `page`, `perPage`), which wins where both name one. Anything else is ignored.
 */
export function inventoryFilters(segments: readonly string[], query: Record<string, unknown>): InventoryFilters {
  let offering: InventoryOffering | null = null;
  let propertyType: PropertyType | null = null;
  let state: string | null = null;
  for (const raw of segments) {
    const s = raw.toLowerCase();
    if ((INVENTORY_OFFERINGS as readonly string[]).includes(s)) offering = s as InventoryOffering;
    else if (TYPE_BY_SLUG.has(s)) propertyType = TYPE_BY_SLUG.get(s)!;
    else if (STATE.test(s)) state = s.toUpperCase();
  }
  const typeQuery = single(query.type)?.toLowerCase().replace(/\s+/g, "-");
  const stateQuery = single(query.state);
  const agent = single(query.agent);
  return {
    offering: oneOf(INVENTORY_OFFERINGS, query.offering) ?? offering,
    propertyType: (typeQuery && TYPE_BY_SLUG.get(typeQuery)) || propertyType,
    state: stateQuery && STATE.test(stateQuery) ? stateQuery.toUpperCase() : state,
    minPrice: amount(query.minPrice),
    maxPrice: amount(query.maxPrice),
    minSize: amount(query.minSize),
    maxSize: amount(query.maxSize),
    agent: agent && AGENT.test(agent) ? agent : null,
    sort: oneOf(INVENTORY_SORTS, query.sort) ?? "newest",
    page: whole(query.page, 1, 100_000, 1),
    perPage: whole(query.perPage, 1, INVENTORY_PAGE_SIZE, INVENTORY_PAGE_SIZE),
  };
}

/** The filters as a query string in a fixed order, defaults left out: the cache's key and the pager's links. */
export function inventoryQuery(f: InventoryFilters, overrides: Partial<InventoryFilters> = {}): string {
  const all = { ...f, ...overrides };
  const params = new URLSearchParams();
  if (all.offering) params.set("offering", all.offering);
  if (all.propertyType) params.set("type", propertyTypeSlug(all.propertyType));
  if (all.state) params.set("state", all.state.toLowerCase());
  for (const k of ["minPrice", "maxPrice", "minSize", "maxSize"] as const) if (all[k] !== null) params.set(k, String(all[k]));
  if (all.agent) params.set("agent", all.agent);
  if (all.sort !== "newest") params.set("sort", all.sort);
  if (all.perPage !== INVENTORY_PAGE_SIZE) params.set("perPage", String(all.perPage));
  if (all.page !== 1) params.set("page", String(all.page));
  const s = params.toString();
  return s ? `?${s}` : "";
}

/** An origin another website frames the inventory from: http(s), scheme and host (and port) only. */
export function embedOriginProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `"${value}" is not a web address: write it as https://www.example.com`;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return `"${value}" must start with https:// or http://`;
  if (url.username || url.password || url.search || url.hash || url.pathname !== "/" || value.replace(/\/$/, "") !== url.origin) {
    return `"${value}" must be an origin only (https://www.example.com), without a path`;
  }
  return null;
}

export const inventorySettingsUpdateSchema = z.strictObject({
  indexable: z.boolean({ error: "Indexable must be true or false" }).optional(),
  embedOrigins: z
    .array(z.string({ error: "Each website must be text" }).trim().max(200, "Each website must be at most 200 characters"), { error: "Websites allowed to embed must be a list" })
    .max(EMBED_ORIGINS_MAX, `At most ${EMBED_ORIGINS_MAX} websites may embed the inventory`)
    .superRefine((list, ctx) => {
      for (const origin of list) {
        const problem = embedOriginProblem(origin);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }
    })
    .transform((list) => [...new Set(list.map((o) => new URL(o).origin))])
    .optional(),
});
export type InventorySettingsUpdate = z.infer<typeof inventorySettingsUpdateSchema>;

export interface InventorySettings {
  indexable: boolean;
  embedOrigins: string[];
  /** The inventory's absolute address from the app's address; null while the app has none. */
  address: string | null;
}
