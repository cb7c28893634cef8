import type { Request, RequestHandler } from "express";
import { forbidden } from "./http-error.js";

/** Methods that change nothing. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

const originOf = (value: string): string | null => {
  try {
    const origin = new URL(value).origin;
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
};

// Scheme, host and port, as the browser would write this server's own origin. req.protocol and
// req.host honour X-Forwarded-Proto / -Host only when trust proxy is set.
const ownOrigin = (req: Request) => (req.host ? originOf(`${req.protocol}://${req.host}`) : null);

/**
 * Refuses state-changing requests made by another site (CSRF). Browsers send Sec-Fetch-Site
 * and Origin with such requests; a request without either (curl, server-to-server) is not
 * a browser acting on a user's cookies on another site's behalf. An Origin must match this
 * server's scheme, host and port: http://app and https://app are different origins.
 */
export const sameOriginOnly: RequestHandler = (req, _res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  const site = req.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return next(forbidden("Cross-site requests are not allowed"));
  const origin = req.get("origin");
  if (!origin) return next();
  const own = ownOrigin(req);
  if (!own || originOf(origin) !== own) return next(forbidden("Cross-site requests are not allowed"));
  next();
};
