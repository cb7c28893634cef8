// Reads the session id from a request's cookie as express-session does (the first cookie of that
// name, "s:" + the id signed with HMAC-SHA256 as by cookie-signature), without the middleware:
// the early 304 (server/http/early-revalidation.ts) runs before it. Anything it cannot verify
// is null, and the request takes the normal path.
import { createHmac, timingSafeEqual } from "node:crypto";

export function signedSessionId(cookieHeader: string | undefined, name: string, secret: string): string | null {
  if (!cookieHeader) return null;
  const raw = firstCookie(cookieHeader, name);
  if (raw === null) return null;
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
