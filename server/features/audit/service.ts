// What other features may do with the audit trail (record who did what): the audit feature's
// public surface, so no other feature reaches into its queries (eslint.config.js).
export { recordAuditEvent } from "./data.js";
