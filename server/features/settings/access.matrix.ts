import type { AccessRow } from "../../test/access-matrix.js";

// Each user reads and writes only their own row (the route has no id to point elsewhere).
export const rows: AccessRow[] = [
  { route: "GET /api/settings", expect: { anonymous: 401, member: 200, admin: 200 } },
  {
    route: "PATCH /api/settings",
    request: () => ({ body: { singleColor: "#123456" } }),
    expect: { anonymous: 401, member: 200, admin: 200 },
  },
];
