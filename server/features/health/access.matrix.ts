import type { AccessRow } from "../../test/access-matrix.js";

export const rows: AccessRow[] = [{ route: "GET /api/health", expect: { anonymous: 200, member: 200, admin: 200 } }];
