import type { AccessRow } from "../../test/access-matrix.js";

export const rows: AccessRow[] = [{ route: "GET /api/users", expect: { anonymous: 401, member: 200, admin: 200 } }];
