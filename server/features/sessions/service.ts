import type { Db, Tx } from "../../db/database.js";
import { raiseSessionEpoch } from "../users/service.js";
import * as data from "./data.js";
export { publicUserOf, type SessionUserRecord } from "./session-user.js";
export { sessionMetaOf, type SessionMeta } from "./session-meta.js";
export { startSession, type SessionOwner } from "./sign-in.js";

/**
 * Ends every session of a user at once: on deactivation, demotion, password change or reset.
 * Deleting the rows ends them on the next request; raising the epoch also ends a session that a
 * request still running writes back afterwards, and any row that does not name its user.
 */
export async function revokeUserSessions(db: Db, userId: number): Promise<void> {
  await db.transaction((tx) => endUserSessions(tx, userId));
}

/** revokeUserSessions inside the caller's transaction, so the sessions end with the change that ends them. */
export async function endUserSessions(tx: Tx, userId: number): Promise<void> {
  await raiseSessionEpoch(tx, userId);
  await data.deleteUserSessions(tx, userId);
}

/** A user's live sessions, for "Your sessions". */
export async function listUserSessions(db: Db, userId: number): Promise<{ sid: string; sess: unknown; expire: Date }[]> {
  return data.listUserSessions(db, userId);
}

/** Ends those of these sessions that are the user's own; how many ended. */
export async function deleteSessionsOf(db: Db | Tx, userId: number, sids: string[]): Promise<number> {
  return data.deleteSessionsOf(db, userId, sids);
}
export { DbSessionStore } from "./session-store.js";
export { SessionCache } from "./session-cache.js";
export { sessionIdReader } from "./session-cookie.js";
