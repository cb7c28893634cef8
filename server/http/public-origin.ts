// Where people reach the app, for the links the server builds (invitations, reset links, mention
// emails, the printed setup link). PUBLIC_URL says it when set (decision 225); otherwise the
// request's own scheme and host, which follow X-Forwarded-* only when TRUST_PROXY says to.
import type { Request } from "express";

/** PUBLIC_URL's rule, checked once at start (server/env.ts). */
export function publicUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "must be the app's address as people open it, like https://desk.example.com";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "must start with http:// or https://";
  if (url.username || url.password || url.pathname !== "/" || url.search || url.hash) {
    return "must be the app's address alone (scheme, host and port), without a path, query or credentials";
  }
  return null;
}

/** PUBLIC_URL as an origin, like https://desk.example.com (checked by publicUrlProblem first). */
export const publicUrlOrigin = (value: string): string => new URL(value).origin;

export type PublicOrigin = (req: Request) => string;

export const publicOriginFor =
  (publicUrl: string | undefined): PublicOrigin =>
  (req) =>
    publicUrl ?? `${req.protocol}://${req.host}`;
