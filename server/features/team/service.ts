// What other features may do with invitations (registration uses one up): the invitations
// feature's public surface, so no other feature reaches into its queries (eslint.config.js).
export { acceptInvitation, findUsableInvitation } from "./data.js";
