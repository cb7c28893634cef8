// The inventory's routes: the page and its linkable filter addresses, the embedded page and the
// embed's scripts (mounted before sessions: no cookie is read or set), and the admins' settings.
import { Router, type Request, type Response } from "express";
import { EMBED_SCRIPT_PATH, INVENTORY_EMBED_PATH, INVENTORY_MAP_PATH, INVENTORY_PATH, inventoryFilters, inventorySettingsUpdateSchema } from "../../../shared/inventory.js";
import { notModified } from "../../http/conditional.js";
import { currentUser, requireAdmin } from "../../http/guards.js";
import { notFound } from "../../http/http-error.js";
import { parse } from "../../http/validate.js";
import { EMBED_FRAME_SCRIPT, EMBED_FRAME_SCRIPT_PATH, EMBED_FRAME_SCRIPT_TAG, EMBED_SCRIPT, EMBED_SCRIPT_TAG, type InventoryPage, type InventoryService } from "./service.js";

// A visitor may keep a page briefly, but asks again before showing it (a 304 while nothing changed).
const PAGE_CACHE = "public, no-cache";
const SCRIPT_CACHE = "public, max-age=300";

/** The page, or a 304 to a visitor whose copy is current. */
export function replyWithInventory(req: Request, res: Response, page: InventoryPage, embed: boolean): void {
  res.setHeader("Cache-Control", PAGE_CACHE);
  res.setHeader("ETag", page.etag);
  res.setHeader("Vary", "Accept-Encoding");
  if (embed) {
    // Only the embedded page may be framed, and only by the websites an admin listed; every
    // other reply keeps the security headers' frame-ancestors 'none' and X-Frame-Options.
    const csp = res.getHeader("Content-Security-Policy");
    const ancestors = page.embedOrigins.length > 0 ? page.embedOrigins.join(" ") : "'none'";
    if (typeof csp === "string") res.setHeader("Content-Security-Policy", csp.replace(/frame-ancestors [^;]*/, `frame-ancestors ${ancestors}`));
    if (page.embedOrigins.length > 0) res.removeHeader("X-Frame-Options");
    res.setHeader("X-Robots-Tag", "noindex");
  }
  if (notModified(req.headers, page.etag)) {
    res.status(304).end();
    return;
  }
  res.setHeader("Content-Type", "text/html; charset=utf-8");
  const gzip = req.acceptsEncodings("gzip") === "gzip";
  if (gzip) res.setHeader("Content-Encoding", "gzip");
  const body = gzip ? page.gzip : page.body;
  res.setHeader("Content-Length", String(body.length));
  res.end(body);
}

function sendScript(req: Request, res: Response, text: string, etag: string, crossOrigin: boolean) {
  res.setHeader("Cache-Control", SCRIPT_CACHE);
  res.setHeader("ETag", etag);
  // Other websites load embed.js: the security headers' same-origin resource policy would block it.
  if (crossOrigin) res.setHeader("Cross-Origin-Resource-Policy", "cross-origin");
  if (notModified(req.headers, etag)) {
    res.status(304).end();
    return;
  }
  res.type("text/javascript").send(text);
}

export function inventoryRoutes(inventory: InventoryService): Router {
  const router = Router();
  const segmentsOf = (req: Request) => {
    const raw = (req.params as { segments?: string[] }).segments;
    return Array.isArray(raw) ? raw : [];
  };

  router.get(EMBED_SCRIPT_PATH, (req, res) => sendScript(req, res, EMBED_SCRIPT, EMBED_SCRIPT_TAG, true));
  router.get(EMBED_FRAME_SCRIPT_PATH, (req, res) => sendScript(req, res, EMBED_FRAME_SCRIPT, EMBED_FRAME_SCRIPT_TAG, false));

  // Made once per place list by the maps feature; a 304 to a visitor whose copy is current.
  router.get(INVENTORY_MAP_PATH, async (req, res) => {
    const map = await inventory.map(inventoryFilters([], req.query));
    if (!map) throw notFound("No map");
    res.setHeader("Cache-Control", PAGE_CACHE);
    res.setHeader("ETag", map.etag);
    res.setHeader("X-Content-Type-Options", "nosniff");
    if (notModified(req.headers, map.etag)) {
      res.status(304).end();
      return;
    }
    res.type("image/png").send(map.png);
  });

  router.get(INVENTORY_EMBED_PATH, async (req, res) => {
    replyWithInventory(req, res, await inventory.page(inventoryFilters([], req.query), true), true);
  });
  // `?embed=1` is the same embedded page, for a plain iframe snippet written by hand.
  router.get([INVENTORY_PATH, `${INVENTORY_PATH}/*segments`], async (req, res) => {
    const embed = req.query.embed === "1";
    replyWithInventory(req, res, await inventory.page(inventoryFilters(segmentsOf(req), req.query), embed), embed);
  });

  return router;
}

// Admins choose whether search engines index the inventory and who may embed it (Settings).
export function inventorySettingsRoutes(inventory: InventoryService): Router {
  const router = Router();
  router.get("/api/inventory-settings", requireAdmin, async (_req, res) => {
    res.json(await inventory.settings());
  });
  router.put("/api/inventory-settings", requireAdmin, async (req, res) => {
    const update = parse(inventorySettingsUpdateSchema, req.body);
    res.json(await inventory.saveSettings(update, currentUser(req).id));
  });
  return router;
}
