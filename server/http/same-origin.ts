import type { RequestHandler } from "express";
import { forbidden } from "./http-error.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests made by another site (CSRF). Browsers send Sec-Fetch-Site
 * and Origin with such requests; a request without either (curl, server-to-server) is not
 * a browser acting on a user's cookies on another site's behalf.
 */
export const sameOriginOnly: RequestHandler = (req, _res, next) => {
  if (SAFE_METHODS.has(req.method)) return next();
  const site = req.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return next(forbidden("Cross-site requests are not allowed"));
  const origin = req.get("origin");
  if (origin && origin !== "null") {
    let host: string;
    try {
      host = new URL(origin).host;
    } catch {
      return next(forbidden("Cross-site requests are not allowed"));
    }
    // req.host honours X-Forwarded-Host only when trust proxy is set.
    if (host !== req.host) return next(forbidden("Cross-site requests are not allowed"));
  } else if (origin === "null") {
    return next(forbidden("Cross-site requests are not allowed"));
  }
  next();
};
