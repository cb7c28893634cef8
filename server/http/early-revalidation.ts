// The cheapest answer the server gives (decision 185): a conditional GET of a versioned list
// whose tag still matches is answered 304 here, before any other middleware (request log,
// helmet, compression, session store, passport), when who is asking is known from memory
// alone. Anything else, or any doubt, goes on to the normal path, which answers the same.
import type { RequestHandler } from "express";
import type { PublicUser } from "../../shared/schema.js";
import { VERSIONED_CACHE_CONTROL, versionTag, type VersionRule } from "./versioned-replies.js";

export interface EarlyRevalidation {
  /** The versioned lists, by exact path (other spellings take the normal path). */
  rules: ReadonlyMap<string, VersionRule>;
  /** The signed-in user, from a signed cookie and the in-memory session cache; null on any doubt. */
  whoIs(cookieHeader: string | undefined): PublicUser | null;
  /** The headers the normal path adds to every reply (security headers), computed once. */
  headers: Readonly<Record<string, string>>;
}

export function earlyRevalidation({ rules, whoIs, headers }: EarlyRevalidation): RequestHandler {
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.headers["if-none-match"] === undefined) return next();
    const rule = rules.get(req.path);
    if (!rule) return next();
    const user = whoIs(req.headers.cookie);
    if (!user) return next();
    const tag = versionTag(rule, user, req.path);
    if (!tag) return next();
    // req.fresh is Express's own test (If-None-Match lists, weak tags, "*", Cache-Control:
    // no-cache, If-Modified-Since), so this 304 is given exactly when the normal path's would be.
    res.setHeader("ETag", tag.etag);
    if (!req.fresh) {
      res.removeHeader("ETag");
      return next();
    }
    res.writeHead(304, { ...headers, "Cache-Control": VERSIONED_CACHE_CONTROL, ETag: tag.etag });
    res.end();
  };
}
