// The deal room's rules, agreements, signing and grants (docs/guides/deal-room.md): what the
// routes and other features use. The rules live in the files named by what they hold.
export { getRules, requestsOpen, setRules } from "./rules.js";
export { createTemplate, listTemplates, updateTemplate } from "./templates.js";
export { createGrant, grantProof, listGrants, patchGrant, roomAccess, type GrantProofs, type RoomAlerts } from "./grants.js";
export { requestAccess, sign, signedPdf, signingPage, verifyPdf, type SigningPage } from "./signing.js";
export { accessEndedPage, pagesProblemPage, pagesViewerPage, roomPage, signedPage, signPage } from "./room-pages.js";
export { createBuyerRoom, type BuyerRoom, type RoomFiles } from "./buyer-room.js";
export { roomActivity } from "./activity.js";
