// Reads the session id from a request's cookie as express-session does (the first cookie of that
// name, "s:" + the id signed with HMAC-SHA256 as by cookie-signature), without the middleware:
// the early 304 (server/http/early-revalidation.ts) runs before it. Anything it cannot verify
// is null, and the request takes the normal path.
import { createHmac, timingSafeEqual } from "node:crypto";

/** At most this many verified cookies are remembered; the memo starts afresh when full. */
export const REMEMBERED_SESSION_COOKIES = 10_000;

/**
 * Reads the session id from a Cookie header for one cookie name and secret, remembering the cookies it verified: a poll
 * sends the same cookie every few seconds, and the HMAC was the largest part of an early 304.
 * Correct because the answer depends only on the cookie and the secret; whether the session
 * still holds is not remembered here (the caller asks the session cache on every request, so
 * a revoked session ends at once). Only cookies with a valid signature are kept, which no one
 * can make without the secret.
 */
export function sessionIdReader(name: string, secret: string, remember = REMEMBERED_SESSION_COOKIES): (cookieHeader: string | undefined) => string | null {
  const verified = new Map<string, string>();
  return (cookieHeader) => {
    if (!cookieHeader) return null;
    const raw = firstCookie(cookieHeader, name);
    if (raw === null) return null;
    const known = verified.get(raw);
    if (known !== undefined) return known;
    const sid = verifiedSessionId(raw, secret);
    if (sid === null) return null;
    if (verified.size >= remember) verified.clear();
    verified.set(raw, sid);
    return sid;
  };
}

/** The id in a cookie's raw value ("s:" + id + "." + signature, maybe URL-encoded), or null. */
function verifiedSessionId(raw: string, secret: string): string | null {
  let value: string;
  try {
    value = raw.includes("%") ? decodeURIComponent(raw) : raw;
  } catch {
    return null;
  }
  if (!value.startsWith("s:")) return null;
  const signed = value.slice(2);
  const dot = signed.lastIndexOf(".");
  if (dot <= 0) return null;
  const sid = signed.slice(0, dot);
  const expected = Buffer.from(createHmac("sha256", secret).update(sid).digest("base64").replace(/=+$/, ""));
  const given = Buffer.from(signed.slice(dot + 1));
  return given.length === expected.length && timingSafeEqual(given, expected) ? sid : null;
}

/** The raw value of the first cookie called `name`, unquoted, or null. */
function firstCookie(header: string, name: string): string | null {
  for (const pair of header.split(";")) {
    const eq = pair.indexOf("=");
    if (eq < 0 || pair.slice(0, eq).trim() !== name) continue;
    const value = pair.slice(eq + 1).trim();
    return value.length >= 2 && value.startsWith('"') && value.endsWith('"') ? value.slice(1, -1) : value;
  }
  return null;
}
