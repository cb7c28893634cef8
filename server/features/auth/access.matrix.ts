import type { AccessRow } from "../../test/access-matrix.js";
import { TEST_PASSWORD } from "../../test/test-constants.js";

export const rows: AccessRow[] = [
  { route: "GET /api/needs-setup", expect: { anonymous: 200, member: 200, admin: 200 } },
  {
    // Users exist, so setup is closed to everyone.
    route: "POST /api/init-admin",
    request: () => ({ body: { username: "late-admin", password: TEST_PASSWORD, email: "late@example.com" } }),
    expect: { anonymous: 409, member: 409, admin: 409 },
  },
  {
    route: "POST /api/login",
    // Signed-in roles sign in as themselves again, so their agents keep their identity.
    request: async (f, role) => ({
      body: { username: role === "anonymous" ? (await f.ctx.createUser()).username : f[role].user.username, password: TEST_PASSWORD },
    }),
    expect: { anonymous: 200, member: 200, admin: 200 },
  },
  {
    route: "POST /api/register",
    request: () => ({ body: { username: "someone", password: TEST_PASSWORD, token: "not-a-real-token" } }),
    expect: { anonymous: 400, member: 400, admin: 400 },
  },
  { route: "POST /api/logout", freshSession: true, expect: { anonymous: 204, member: 204, admin: 204 } },
  { route: "GET /api/user", expect: { anonymous: 401, member: 200, admin: 200 } },
  { route: "GET /api/auth/user", expect: { anonymous: 401, member: 200, admin: 200 } },
];
