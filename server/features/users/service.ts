// What other features may do with users (auth counts, finds and creates accounts): the users
// feature's public surface, so no other feature reaches into its queries (eslint.config.js).
import type { Db } from "../../db/database.js";
import { findUserById } from "./data.js";

export {
  countOtherActiveAdmins,
  countUsers,
  findUserById,
  findUserByUsername,
  insertUser,
  listMembers,
  listUsers,
  lockUser,
  markSignedIn,
  raiseSessionEpoch,
  setPasswordHash,
  updateMemberFlags,
} from "./data.js";

/** Who saved a row last, for an edit conflict; null when nobody did or they are gone. */
export async function usernameOf(db: Db, id: number | null): Promise<string | null> {
  if (id === null) return null;
  return (await findUserById(db, id))?.username ?? null;
}
