// What other features may do with users (auth counts, finds and creates accounts): the users
// feature's public surface, so no other feature reaches into its queries (eslint.config.js).
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
