import type { AccessRow, Fixtures } from "../../test/access-matrix.js";

// A personal view belongs to `member`: only they change or delete it, admins included;
// the locked-view rules are in views.test.ts.
let made = 0;
const membersView = async ({ member }: Fixtures) =>
  (await member.agent.post("/api/views").send({ name: `Mine ${++made}`, query: "type=Retail", scope: "personal" }).expect(201)).body as { id: number };

export const rows: AccessRow[] = [
  { route: "GET /api/views", expect: { anonymous: 401, member: 200, admin: 200 } },
  {
    route: "POST /api/views",
    request: () => ({ body: { name: `Retail ${++made}`, query: "type=Retail&sort=price-asc", scope: "team" } }),
    expect: { anonymous: 401, member: 201, admin: 201 },
  },
  {
    route: "PATCH /api/views/:id",
    request: async (f) => ({ path: `/api/views/${(await membersView(f)).id}`, body: { query: "type=Office" } }),
    expect: { anonymous: 401, member: 200, admin: 403, otherMember: 403 },
  },
  {
    route: "DELETE /api/views/:id",
    request: async (f) => ({ path: `/api/views/${(await membersView(f)).id}` }),
    expect: { anonymous: 401, member: 204, admin: 403, otherMember: 403 },
  },
];
