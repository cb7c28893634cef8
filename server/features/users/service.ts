// What other features may do with users (auth counts, finds and creates accounts): the users
// feature's public surface, so no other feature reaches into its queries (eslint.config.js).
export { countUsers, findUserByUsername, insertUser, listUsers, markSignedIn, raiseSessionEpoch } from "./data.js";
