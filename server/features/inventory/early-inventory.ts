// The inventory page answered from memory before Express's router and middleware, as the public
// pages and the feed are: when the page is in memory under the current versions, the route's own
// reply answers with the headers helmet would have added (and the embedded page's own framing
// rule). Anything else (a page not made yet, a repeated parameter, a path that does not decode,
// HEAD, the scripts and the map) goes on to the routes, which answer the same.
import type { Express } from "express";
import { LRUCache } from "lru-cache";
import { INVENTORY_EMBED_PATH, INVENTORY_PATH, inventoryFilters, inventoryQuery } from "../../../shared/inventory.js";
import { asExpress, type EarlyAnswer } from "../../http/early-revalidation.js";
import { replyWithInventory } from "./routes.js";
import type { InventoryService } from "./service.js";

export interface EarlyInventory {
  app: Express;
  inventory: InventoryService;
  /** The headers the normal path adds to every reply (the security headers), computed once. */
  headers: Readonly<Record<string, string>>;
}

/** What an address asks for, as the routes read it; null for one the routes must answer. */
function addressOf(requestUrl: string): { query: string; embed: boolean } | null {
  const url = new URL(requestUrl, "http://inventory.invalid");
  const path = url.pathname;
  if (path !== INVENTORY_PATH && !path.startsWith(`${INVENTORY_PATH}/`)) return null;
  // The routes' other paths under /inventory (scripts, the map) have a dot; the embedded page is its own.
  if (path.includes(".")) return null;
  const query = Object.fromEntries(url.searchParams);
  if (Object.keys(query).length !== url.searchParams.size) return null;
  const embedPage = path === INVENTORY_EMBED_PATH;
  let segments: string[];
  try {
    segments = embedPage ? [] : path.slice(INVENTORY_PATH.length).split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
  return { query: inventoryQuery(inventoryFilters(segments, query)), embed: embedPage || query.embed === "1" };
}

// Addresses read before, whatever the versions: reading one is pure, and a flood repeats a few.
const ADDRESSES_KEPT = 2_000;

export function earlyInventory({ app, inventory, headers }: EarlyInventory): EarlyAnswer {
  const fixed = Object.entries(headers);
  const addresses = new LRUCache<string, { query: string; embed: boolean } | false>({ max: ADDRESSES_KEPT });
  return (req, res) => {
    if (req.method !== "GET" || !req.url?.startsWith(INVENTORY_PATH)) return false;
    let address = addresses.get(req.url);
    if (address === undefined) {
      address = addressOf(req.url) ?? false;
      addresses.set(req.url, address);
    }
    if (!address) return false;
    const { embed } = address;
    const page = inventory.remembered(address.query, embed);
    if (!page) return false;
    const { request, response } = asExpress(app, req, res);
    for (const [name, value] of fixed) response.setHeader(name, value);
    replyWithInventory(request, response, page, embed);
    return true;
  };
}
