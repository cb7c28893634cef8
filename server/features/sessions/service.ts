import type { Db } from "../../db/database.js";
import { raiseSessionEpoch } from "../users/service.js";
import { deleteUserSessions } from "./data.js";
export { publicUserOf, type SessionUserRecord } from "./session-user.js";

/**
 * Ends every session of a user at once: on deactivation, demotion, password change or reset.
 * Deleting the rows ends them on the next request; raising the epoch also ends a session that a
 * request still running writes back afterwards, and any row that does not name its user.
 */
export async function revokeUserSessions(db: Db, userId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await raiseSessionEpoch(tx, userId);
    await deleteUserSessions(tx, userId);
  });
}
export { DbSessionStore } from "./session-store.js";
export { SessionCache } from "./session-cache.js";
