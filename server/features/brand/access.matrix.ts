import type { AccessRow } from "../../test/access-matrix.js";

// Everyone signed in reads the brand; only admins change it.
export const rows: AccessRow[] = [
  { route: "GET /api/brand", expect: { anonymous: 401, member: 200, admin: 200 } },
  {
    route: "PUT /api/brand",
    request: () => ({ body: { brokerageName: `Matrix Realty ${Math.random()}` } }),
    expect: { anonymous: 401, member: 403, admin: 200 },
  },
];
