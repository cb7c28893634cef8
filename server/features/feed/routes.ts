// The feed's routes: the feed and its schema for key holders (mounted before sessions: no cookie is
// read or set, a session alone opens nothing), and the admins' keys and health in Settings.
import { Router, type Request, type Response } from "express";
import { rateLimit } from "express-rate-limit";
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { FEED_PATH, FEED_SCHEMA_PATH, feedKeyCreateSchema } from "../../../shared/feed.js";
import { notModified } from "../../http/conditional.js";
import { currentUser, requireAdmin } from "../../http/guards.js";
import { notFound } from "../../http/http-error.js";
import { requestOrigin, type TrustedOrigin } from "../../http/public-origin.js";
import { parse } from "../../http/validate.js";
import { FEED_JSON_SCHEMA, feedQuery, type FeedService } from "./service.js";

const UNAUTHORIZED = "Send a feed key: Authorization: Bearer <key>, or ?key=<key>. An admin creates keys in Settings.";
// Portals poll and page: 120 requests a minute per key is a full read of 24,000 listings.
const REQUESTS_PER_MINUTE = 120;
// A portal may keep its copy, but asks again before using it (a 304 while nothing changed).
const FEED_CACHE = "private, no-cache";

const schemaBody = Buffer.from(JSON.stringify(FEED_JSON_SCHEMA, null, 2));
const schemaTag = `"schema-${createHash("sha256").update(schemaBody).digest("base64url").slice(0, 27)}"`;
// Pages gzipped once per version, like the public pages (while their bytes are cached).
const gzipped = new WeakMap<Buffer, Buffer>();

/** The key a request carries: Authorization: Bearer first, then ?key=. */
function keyOf(req: Request): { key: string | null; inQuery: boolean } {
  const auth = req.get("authorization");
  const bearer = auth && /^Bearer\s+(\S+)$/i.exec(auth.trim());
  if (bearer) return { key: bearer[1], inQuery: false };
  const key = typeof req.query.key === "string" ? req.query.key : null;
  return { key, inQuery: key !== null };
}

function sendJson(req: Request, res: Response, body: Buffer, etag: string) {
  res.setHeader("Cache-Control", FEED_CACHE);
  res.setHeader("ETag", etag);
  res.setHeader("Vary", "Authorization, Accept-Encoding");
  if (notModified(req.headers, etag)) {
    res.status(304).end();
    return;
  }
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  let out = body;
  if (req.acceptsEncodings("gzip") === "gzip") {
    out = gzipped.get(body) ?? gzipSync(body);
    gzipped.set(body, out);
    res.setHeader("Content-Encoding", "gzip");
  }
  res.setHeader("Content-Length", String(out.length));
  res.end(out);
}

/** The feed and its schema, for key holders and anyone: mounted before sessions. */
export function feedRoutes(feeds: FeedService, trustedOrigin: TrustedOrigin): Router {
  const router = Router();
  const origin = async (req: Request) => (await trustedOrigin()) ?? requestOrigin(req);

  const requireFeedKey = async (req: Request, res: Response, next: () => void) => {
    const { key } = keyOf(req);
    const id = key === null ? null : await feeds.authenticate(key);
    if (id === null) {
      res.setHeader("WWW-Authenticate", 'Bearer realm="feeds"');
      res.setHeader("Cache-Control", "no-store");
      res.status(401).json({ message: UNAUTHORIZED });
      return;
    }
    res.locals.feedKeyId = id;
    next();
  };
  const perKey = rateLimit({
    windowMs: 60_000,
    limit: REQUESTS_PER_MINUTE,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    keyGenerator: (_req, res) => `feed-key-${String(res.locals.feedKeyId)}`,
    message: { message: `A feed key may make ${REQUESTS_PER_MINUTE} requests a minute. Please wait a minute and page on.` },
  });

  router.get(FEED_PATH, requireFeedKey, perKey, async (req, res) => {
    const { key, inQuery } = keyOf(req);
    const q = feedQuery(req.query as Record<string, unknown>, inQuery ? key : null);
    const page = await feeds.page(await origin(req), q);
    sendJson(req, res, page.body, page.etag);
  });

  // The schema is public: it describes the shape, never a listing.
  router.get(FEED_SCHEMA_PATH, (req, res) => {
    res.setHeader("Access-Control-Allow-Origin", "*");
    sendJson(req, res, schemaBody, schemaTag);
  });

  return router;
}

/** Settings' feed keys and health: admins only. */
export function feedKeyRoutes(feeds: FeedService): Router {
  const router = Router();

  router.get("/api/feed-keys", requireAdmin, async (_req, res) => {
    res.json(await feeds.listKeys());
  });

  router.post("/api/feed-keys", requireAdmin, async (req, res) => {
    const input = parse(feedKeyCreateSchema, req.body);
    res.setHeader("Cache-Control", "no-store");
    res.status(201).json(await feeds.createKey(input, currentUser(req).id));
  });

  router.delete("/api/feed-keys/:id", requireAdmin, async (req, res) => {
    const id = Number(req.params.id);
    if (!Number.isSafeInteger(id) || id < 1) throw notFound("Feed key not found");
    await feeds.removeKey(id, currentUser(req).id);
    res.status(204).end();
  });

  router.get("/api/feed-health", requireAdmin, async (_req, res) => {
    res.json(await feeds.health());
  });

  return router;
}
