// The feed's routes: the feed and its schema for key holders (mounted before sessions: no cookie is
// read or set, a session alone opens nothing), and the admins' keys and health in Settings.
import { Router, type Request, type Response } from "express";
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
const TOO_MANY = "This feed key has made too many requests this minute. Please wait a minute and page on.";
// A portal may keep its copy, but asks again before using it (a 304 while nothing changed).
const FEED_CACHE = "private, no-cache";

const schemaBody = Buffer.from(JSON.stringify(FEED_JSON_SCHEMA, null, 2));
const schemaTag = `"schema-${createHash("sha256").update(schemaBody).digest("base64url").slice(0, 27)}"`;
// Pages gzipped once per version, like the public pages (while their bytes are cached).
const gzipped = new WeakMap<Buffer, Buffer>();

/** The key a request carries: Authorization: Bearer first, then ?key=. */
export function feedKeyOf(authorization: string | undefined, queryKey: unknown): { key: string | null; inQuery: boolean } {
  const bearer = authorization && /^Bearer\s+(\S+)$/i.exec(authorization.trim());
  if (bearer) return { key: bearer[1], inQuery: false };
  const key = typeof queryKey === "string" ? queryKey : null;
  return { key, inQuery: key !== null };
}

/** A feed page or the schema, or a 304 to a reader whose copy is current; shared with the answer from memory (early-feed.ts). */
export function replyWithFeed(req: Request, res: Response, body: Buffer, etag: string): void {
  res.setHeader("Cache-Control", FEED_CACHE);
  res.setHeader("ETag", etag);
  res.setHeader("Vary", "Authorization, Accept-Encoding");
  if (notModified(req.headers, etag)) {
    res.status(304).end();
    return;
  }
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  let out = body;
  // What the compression middleware would do, done once per page rather than per request.
  if (req.acceptsEncodings("gzip") === "gzip") {
    out = gzipped.get(body) ?? gzipSync(body);
    gzipped.set(body, out);
    res.setHeader("Content-Encoding", "gzip");
  }
  res.setHeader("Content-Length", String(out.length));
  res.end(out);
}

/** 401 for a request without a valid key, 429 past the key's requests for the minute. */
export function refuseFeedRequest(res: Response, status: 401 | 429): void {
  res.setHeader("Cache-Control", "no-store");
  if (status === 401) res.setHeader("WWW-Authenticate", 'Bearer realm="feeds"');
  else res.setHeader("Retry-After", "60");
  res.status(status).json({ message: status === 401 ? UNAUTHORIZED : TOO_MANY });
}

/** The feed and its schema, for key holders and anyone: mounted before sessions. */
export function feedRoutes(feeds: FeedService, trustedOrigin: TrustedOrigin): Router {
  const router = Router();

  router.get(FEED_PATH, async (req, res) => {
    const { key, inQuery } = feedKeyOf(req.get("authorization"), req.query.key);
    const id = key === null ? null : await feeds.authenticate(key);
    if (id === null) return refuseFeedRequest(res, 401);
    if (!feeds.allow(id)) return refuseFeedRequest(res, 429);
    const q = feedQuery(req.query as Record<string, unknown>, inQuery ? key : null);
    const trusted = await trustedOrigin();
    const page = await feeds.page(trusted ?? requestOrigin(req), q, trusted !== null);
    replyWithFeed(req, res, page.body, page.etag);
  });

  // The schema is public: it describes the shape, never a listing.
  router.get(FEED_SCHEMA_PATH, (req, res) => {
    res.setHeader("Access-Control-Allow-Origin", "*");
    replyWithFeed(req, res, schemaBody, schemaTag);
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
