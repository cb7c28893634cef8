import type { AccessRow } from "../../test/access-matrix.js";

export const rows: AccessRow[] = [
  {
    route: "GET /api/password-reset/validate/:token",
    request: () => ({ path: "/api/password-reset/validate/unknown" }),
    expect: { anonymous: 200, member: 200, admin: 200 },
  },
  {
    route: "POST /api/password-reset",
    request: () => ({ body: { token: "unknown", newPassword: "a perfectly fine passphrase" } }),
    expect: { anonymous: 400, member: 400, admin: 400 },
  },
  {
    route: "POST /api/account/password",
    request: () => ({ body: { currentPassword: "not the password", newPassword: "a perfectly fine passphrase" } }),
    expect: { anonymous: 401, member: 400, admin: 400 },
  },
  { route: "GET /api/account/sessions", expect: { anonymous: 401, member: 200, admin: 200 } },
  {
    route: "DELETE /api/account/sessions/:id",
    request: () => ({ path: "/api/account/sessions/unknown" }),
    expect: { anonymous: 401, member: 404, admin: 404 },
  },
  // Signs out only the fixture's other sessions; the one making the request goes on.
  { route: "POST /api/account/sessions/sign-out-others", expect: { anonymous: 401, member: 200, admin: 200 } },
];
