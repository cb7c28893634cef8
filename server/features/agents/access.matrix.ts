import type { AccessRow, Fixtures } from "../../test/access-matrix.js";
import { createAgent } from "../../test/factories.js";

// Every signed-in teammate keeps the agent directory; only the anonymous are turned away.
const signedIn = (ok: number) => ({ anonymous: 401, member: ok, admin: ok });
const onNewAgent = async ({ ctx }: Fixtures) => ({ path: `/api/agents/${(await createAgent(ctx.db)).id}` });

export const rows: AccessRow[] = [
  { route: "GET /api/agents", expect: signedIn(200) },
  { route: "POST /api/agents", request: () => ({ body: { name: "Matrix Agent" } }), expect: signedIn(201) },
  {
    route: "PATCH /api/agents/:id",
    request: async (f) => ({ ...(await onNewAgent(f)), body: { phone: "304-555-0199" } }),
    expect: signedIn(200),
  },
  {
    route: "PUT /api/agents/:id",
    request: async (f) => ({ ...(await onNewAgent(f)), body: { phone: "304-555-0198" } }),
    expect: signedIn(200),
  },
  { route: "DELETE /api/agents/:id", request: onNewAgent, expect: signedIn(204) },
  // Each signed-in person makes their own profile once; the fixture's users have none yet.
  { route: "POST /api/account/agent-profile", request: () => ({ body: {} }), expect: signedIn(201) },
];
