import type { AccessRow } from "../../test/access-matrix.js";

let made = 0;
const adminsOnly = (ok: number) => ({ anonymous: 401, member: 403, admin: ok });

// Feed keys and the feed's health are the admins' (Settings). The feed itself (/feeds/...) is
// outside /api and opens to a feed key, never to a session (feed.test.ts).
export const rows: AccessRow[] = [
  { route: "GET /api/feed-keys", expect: adminsOnly(200) },
  { route: "POST /api/feed-keys", request: () => ({ body: { name: `Portal ${++made}` } }), expect: adminsOnly(201) },
  {
    route: "DELETE /api/feed-keys/:id",
    request: async ({ admin }, role) => {
      // Each role gets a key of its own to try, so the admin's success does not leave the others a 404.
      const made = await admin.agent.post("/api/feed-keys").send({ name: `To delete as ${role}` }).expect(201);
      return { path: `/api/feed-keys/${made.body.id}` };
    },
    expect: adminsOnly(204),
  },
  { route: "GET /api/feed-health", expect: adminsOnly(200) },
];
