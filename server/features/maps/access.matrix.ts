import type { AccessRow } from "../../test/access-matrix.js";

// Every signed-in member reads the map's settings and ZIP centres.
export const rows: AccessRow[] = [
  { route: "GET /api/maps/basemap", expect: { anonymous: 401, member: 200, admin: 200 } },
  { route: "GET /api/maps/zips/:zip", request: () => ({ path: "/api/maps/zips/36602" }), expect: { anonymous: 401, member: 200, admin: 200 } },
];
