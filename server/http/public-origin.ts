// Where people reach the app, for the links the server builds. PUBLIC_URL says it when set
// (decision 225); otherwise the trusted origin (docs/decisions/330-trusted-origin.md): the address
// an admin chose in Settings, or the one the first admin set the app up from. A request's own
// scheme and host (which follow X-Forwarded-* only when TRUST_PROXY says to) serve only as a
// last resort for a signed-in member's own screens and mail, never for a stranger's request.
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

/** The trusted origin, or null while the server has none (then what is sent carries no link). */
export type TrustedOrigin = () => Promise<string | null>;

/** For a signed-in member's request: the trusted origin, else the origin their own browser used. */
export type PublicOrigin = (req: Request) => Promise<string>;

export const requestOrigin = (req: Request): string => `${req.protocol}://${req.host}`;

export const publicOriginFor =
  (trusted: TrustedOrigin): PublicOrigin =>
  async (req) =>
    (await trusted()) ?? requestOrigin(req);
