import type { AccessRow } from "../../test/access-matrix.js";

// The inventory's settings are the admins' (Settings). The inventory itself (/inventory, /embed.js)
// is public, outside /api (inventory.test.ts).
export const rows: AccessRow[] = [
  { route: "GET /api/inventory-settings", expect: { anonymous: 401, member: 403, admin: 200 } },
  { route: "PUT /api/inventory-settings", request: () => ({ body: { indexable: false } }), expect: { anonymous: 401, member: 403, admin: 200 } },
];
