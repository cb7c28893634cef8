// Unchanged reads almost free: for a GET
// whose data has an in-memory change version, a matching If-None-Match is answered 304 before
// the handler runs (no database), and the handler's 200 body is kept with its gzip and reused
// by every request until the version moves on. Without a version (the change bus is down) the
// request goes to its handler as if this were not here.
import { promisify } from "node:util";
import { gzip } from "node:zlib";
import type { Request, RequestHandler, Response } from "express";
import type { PublicUser } from "../../shared/schema.js";
import { currentUser } from "./guards.js";

const gzipAsync = promisify(gzip);
/** Smaller bodies are not worth a Content-Encoding (the compression middleware's threshold). */
const GZIP_FROM_BYTES = 1024;

/** Every versioned reply, 200 or 304, may be kept by the browser but must be revalidated. */
export const VERSIONED_CACHE_CONTROL = "private, no-cache";

export interface VersionRule {
  /** The version of what this user reads, or null when none can be trusted. */
  version(user: PublicUser): string | null;
  /** Whose copy this is: "" for data everyone sees alike, the user's id for per-user data. */
  scope(user: PublicUser): string;
}

/**
 * The reply's cache key and ETag for this user and path, or null without a version. The scope
 * and the path are part of the tag: one person's tag never revalidates another's list.
 * Read it BEFORE reading the data.
 */
export function versionTag(rule: VersionRule, user: PublicUser, path: string): { key: string; version: string; etag: string } | null {
  const version = rule.version(user);
  if (version === null) return null;
  const key = `${rule.scope(user)}:${path}`;
  return { key, version, etag: `"v-${Buffer.from(key).toString("base64url")}-${version}"` };
}

/**
 * The version the handler is rendering its reply for, or null when the reply has none (the bus
 * is down, or the user's own write is not heard back yet: decision 186). Only with a version may
 * a handler answer from data kept in memory by the same bus (the listing lists).
 */
export const renderingVersion = (res: Response): string | null => (res.locals.renderingVersion as string | undefined) ?? null;

interface Rendered {
  version: string;
  etag: string;
  contentType: string;
  body: Buffer;
  gzip?: Promise<Buffer>;
}

export function versionedReplies(rule: VersionRule): RequestHandler {
  const rendered = new Map<string, Rendered>();
  return (req, res, next) => {
    const tag = versionTag(rule, currentUser(req), req.path);
    if (tag === null) return next();
    const { key, version, etag } = tag;
    res.set("Cache-Control", VERSIONED_CACHE_CONTROL);
    res.set("ETag", etag);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    const hit = rendered.get(key);
    if (hit?.version === version) {
      void deliver(req, res, hit).catch(next);
      return;
    }
    // Rendered by the handler this once; kept under the version read before it ran, so a change
    // that landed meanwhile is never hidden behind an older tag.
    const send = res.send.bind(res);
    res.send = (body?: unknown) => {
      res.send = send;
      if (res.statusCode !== 200 || !(typeof body === "string" || Buffer.isBuffer(body))) return send(body);
      const entry: Rendered = {
        version,
        etag,
        contentType: String(res.get("Content-Type") ?? "application/json; charset=utf-8"),
        body: Buffer.isBuffer(body) ? body : Buffer.from(body),
      };
      rendered.set(key, entry);
      void deliver(req, res, entry).catch(next);
      return res;
    };
    res.locals.renderingVersion = version;
    next();
  };
}

async function deliver(req: Request, res: Response, entry: Rendered) {
  res.set("Content-Type", entry.contentType);
  res.set("ETag", entry.etag);
  res.vary("Accept-Encoding");
  if (entry.body.length >= GZIP_FROM_BYTES && req.acceptsEncodings("gzip") === "gzip") {
    entry.gzip ??= gzipAsync(entry.body);
    const zipped = await entry.gzip;
    // Already encoded: the compression middleware leaves it as it is.
    res.set("Content-Encoding", "gzip");
    res.set("Content-Length", String(zipped.length));
    res.end(zipped);
    return;
  }
  res.set("Content-Length", String(entry.body.length));
  res.end(entry.body);
}
