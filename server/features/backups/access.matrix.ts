import type { AccessRow } from "../../test/access-matrix.js";

// Where backups go and whether they work is for admins: members are refused.
export const rows: AccessRow[] = [{ route: "GET /api/backups/status", expect: { anonymous: 401, member: 403, admin: 200 } }];
