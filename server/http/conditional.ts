// Conditional GETs: whether the request's If-None-Match names the tag we would send. RFC 9110's
// weak comparison, as Express's own req.fresh makes it through `fresh`: a tag matches alone or in
// a list, strong or weak (W/ is what proxies and compression leave on a strong tag), and `*`
// matches anything; a request that says Cache-Control: no-cache (a forced reload) gets the body.
import fresh from "fresh";
import type { IncomingHttpHeaders } from "node:http";

/** True when a 304 may answer a request with these headers for a reply tagged `etag`. */
export function notModified(headers: Pick<IncomingHttpHeaders, "if-none-match" | "cache-control">, etag: string): boolean {
  if (!headers["if-none-match"]) return false;
  return fresh({ "if-none-match": headers["if-none-match"], "cache-control": headers["cache-control"] }, { etag });
}
