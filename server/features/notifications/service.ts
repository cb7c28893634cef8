// What other features may do with notifications (notes announce mentions, inside the note's own
// transaction): the notifications feature's public surface (eslint.config.js).
export { insertNotices, insertNotifications } from "./data.js";
