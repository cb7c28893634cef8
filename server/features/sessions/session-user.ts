// What a signed-in session keeps under passport.user, and how a stored session is judged
// against its user's current row. Only the id, the epoch and the time of
// sign-in are the session's own; name, email and role are copied from the users row on every
// read, so a stored copy is never what a request sees.
import type { PublicUser } from "../../../shared/schema.js";
import type { SessionRow } from "./data.js";

export interface SessionUserRecord {
  id: number;
  /** users.session_epoch at sign-in: raising the user's epoch ends this session. */
  epoch: number;
  /** Milliseconds since the epoch; the session ends a fixed time after it, used or not. */
  signedInAt: number;
  username?: string;
  email?: string | null;
  isAdmin?: boolean;
}

export interface SessionLimits {
  /** A session unused for this long ends. */
  idleMs: number;
  /** A session ends this long after sign-in, however much it is used. */
  absoluteMs: number;
}

export const storedUserOf = (sess: unknown): SessionUserRecord | undefined =>
  (sess as { passport?: { user?: SessionUserRecord } } | null)?.passport?.user;

/**
 * The stored session with its user brought up to date, or null when it must be treated as
 * signed out: the user is gone or deactivated, their epoch moved on, or the session is too old.
 */
export function currentSession<S>(row: SessionRow, limits: SessionLimits, now = Date.now()): S | null {
  const stored = storedUserOf(row.sess);
  if (!stored) return row.sess as S;
  const user = row.user;
  if (!user || user.id !== stored.id || !user.isActive || user.sessionEpoch !== stored.epoch) return null;
  if (typeof stored.signedInAt !== "number" || stored.signedInAt + limits.absoluteMs <= now) return null;
  const fresh: SessionUserRecord = {
    id: user.id,
    epoch: stored.epoch,
    signedInAt: stored.signedInAt,
    username: user.username,
    email: user.email,
    isAdmin: user.isAdmin,
  };
  return { ...(row.sess as object), passport: { ...(row.sess as { passport: object }).passport, user: fresh } } as S;
}

/** When a session stops working if nobody uses it: idle time from now, capped at the absolute end. */
export function sessionExpiry(sess: unknown, limits: SessionLimits, now = Date.now()): Date {
  const idleEnd = now + limits.idleMs;
  const signedInAt = storedUserOf(sess)?.signedInAt;
  return new Date(typeof signedInAt === "number" ? Math.min(idleEnd, signedInAt + limits.absoluteMs) : idleEnd);
}

/** What a request sees as req.user: the current public user. */
export function publicUserOf(record: SessionUserRecord): PublicUser | null {
  if (record.username === undefined || record.isAdmin === undefined) return null;
  return { id: record.id, username: record.username, email: record.email ?? null, isAdmin: record.isAdmin };
}
