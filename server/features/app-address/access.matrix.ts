import type { AccessRow } from "../../test/access-matrix.js";

let made = 0;

// Everyone signed in reads the app's address; only admins change it.
export const rows: AccessRow[] = [
  { route: "GET /api/settings/app-address", expect: { anonymous: 401, member: 200, admin: 200 } },
  {
    route: "PUT /api/settings/app-address",
    request: () => ({ body: { address: `https://desk${++made}.example.com` } }),
    expect: { anonymous: 401, member: 403, admin: 200 },
  },
];
