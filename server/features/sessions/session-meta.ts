// What "Your sessions" shows of a session: written once at sign-in into the session itself, so
// listing needs no extra table and an ordinary request writes nothing.
import type { Request } from "express";

export interface SessionMeta {
  userAgent: string;
  address: string | null;
  /** Milliseconds since the epoch. */
  startedAt: number;
}

const MAX_USER_AGENT = 300;

export function sessionMetaOf(req: Request, now = Date.now()): SessionMeta {
  return { userAgent: (req.get("user-agent") ?? "").slice(0, MAX_USER_AGENT), address: req.ip ?? null, startedAt: now };
}

declare module "express-session" {
  interface SessionData {
    meta?: SessionMeta;
  }
}
