// Every state-changing route states what it writes to the audit trail, as every route
// states who may call it: a new route without a line in server/features/audit/audit-coverage.ts
// fails here, and each line is checked by making the request.
import { count, eq } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import type { AccountSessionDto } from "../../shared/schema.js";
import { auditEvents, brand, invitations } from "../db/tables.js";
import { startTestServer } from "../integrations/flyer-link/test-server.js";
import { AUDIT_COVERAGE } from "../features/audit/audit-coverage.js";
import { registeredRoutes, type AccessRow, type Fixtures, type Role } from "./access-matrix.js";
import { allMatrixRows, createMatrixFixtures } from "./matrix-fixtures.js";
import { createTestContext, type TestClient, type TestContext } from "./test-app.js";
import { TEST_PASSWORD } from "./test-constants.js";

const matrix = new Map<string, AccessRow>((await allMatrixRows()).map((row) => [row.route, row]));
const REGISTER = "auth.register";
const STATE_CHANGING = /^(POST|PUT|PATCH|DELETE) /;

let ctx: TestContext;
let fixtures: Fixtures;
beforeAll(async () => {
  fixtures = await createMatrixFixtures();
  ctx = fixtures.ctx;
});
afterAll(() => ctx.close());

const entries = async (kind?: string) =>
  (await ctx.db.select({ n: count() }).from(auditEvents).where(kind ? eq(auditEvents.kind, kind) : undefined))[0].n;

/**
 * Makes the route's request as the authorization matrix does, as the first role it lets through
 * (or, when `orAdmin` and none succeeds there, as the admin, expecting the matrix's answer).
 */
async function callAsAllowed(row: AccessRow, orAdmin = false) {
  const role = (["admin", "member", "anonymous"] as Role[]).find((r) => (row.expect[r] ?? 500) < 300) ?? (orAdmin ? "admin" : undefined);
  if (!role) return undefined;
  const [method, routePath] = row.route.split(" ");
  const built = (await row.request?.(fixtures, role)) ?? {};
  const client = role === "anonymous" ? supertest(ctx.app) : row.freshSession ? await ctx.signIn(fixtures[role].user) : fixtures[role].agent;
  return async () => {
    const req = client[method.toLowerCase() as "get"](built.path ?? routePath);
    const res = built.body === undefined ? await req : await req.send(built.body as object);
    expect(res.status, JSON.stringify(res.body)).toBe(row.expect[role]);
  };
}

describe("audit coverage", () => {
  it("has one expectation for every state-changing route, and none for routes that are gone", () => {
    const changing = registeredRoutes(ctx.app).filter((r) => STATE_CHANGING.test(r));
    expect(changing.length).toBeGreaterThan(20);
    expect(Object.keys(AUDIT_COVERAGE).sort()).toEqual(changing);
  });

  for (const [route, expectation] of Object.entries(AUDIT_COVERAGE)) {
    if ("none" in expectation) {
      it(`${route} writes nothing, because ${expectation.none}`, async () => {
        const send = await callAsAllowed(matrix.get(route)!, true);
        const before = await entries();
        await send!();
        expect(await entries()).toBe(before);
      });
    } else if (expectation.needs) {
      const { writes, needs } = expectation;
      it(`${route} writes ${writes}, given ${needs}`, async () => {
        const request = WITH_STATE[route];
        expect(request, `add the request for ${route} to WITH_STATE`).toBeDefined();
        expect(await request()).toBeGreaterThan(0);
      });
    } else {
      it(`${route} writes ${expectation.writes}`, async () => {
        const send = await callAsAllowed(matrix.get(route)!);
        expect(send, "the authorization matrix lets no role succeed").toBeDefined();
        const before = await entries(expectation.writes);
        await send!();
        expect(await entries(expectation.writes)).toBeGreaterThan(before);
      });
    }
  }
});

// The routes whose success needs a state the shared fixtures lack: each sets it up, makes the
// request as a signed-in (or, where the route is for strangers, anonymous) caller, and answers how
// many entries of the route's kind it wrote.
const written = async (kind: string, request: () => Promise<unknown>) => {
  const before = await entries(kind);
  await request();
  return (await entries(kind)) - before;
};
/** A new member, and a second session of theirs beside the first. */
async function memberWithTwoSessions() {
  const user = await ctx.createUser();
  return { user, first: await ctx.signIn(user), second: await ctx.signIn(user) };
}
/** Each in a workspace of its own: a fresh context's entries of that kind (it had none before). */
async function inFreshContext(kind: string, overrides: Parameters<typeof createTestContext>[0], request: (fresh: TestContext) => Promise<unknown>) {
  const fresh = await createTestContext(overrides);
  try {
    await request(fresh);
    return (await fresh.db.select({ n: count() }).from(auditEvents).where(eq(auditEvents.kind, kind)))[0].n;
  } finally {
    await fresh.close();
  }
}

/** In a fresh workspace that can mail: a campaign to one contact, sent, then `then` on it. */
const campaignIn = (kind: string, then: (admin: TestClient, id: number) => Promise<unknown>) =>
  inFreshContext(kind, { sendsMail: true, env: { TRUST_PROXY: false, AUTH_SCRYPT_COST: 12, PUBLIC_URL: "https://desk.example.com", MAIL_FROM: "desk@example.com" } }, async (fresh) => {
    const { agent } = await fresh.userAgent({ isAdmin: true });
    await fresh.db.insert(brand).values({ brokerageName: "Desk Realty", address: "1 Main St, Springfield, IL 62701" });
    const contact = await agent.post("/api/contacts").send({ name: "Casey", email: "casey@example.com" }).expect(201);
    const campaign = await agent.post("/api/campaigns").send({ name: "Coverage", subject: "Hi", body: "<p>Hi</p>", audience: { contactIds: [contact.body.id] } }).expect(201);
    await then(agent, campaign.body.id);
  });

const WITH_STATE: Record<string, () => Promise<number>> = {
  "POST /api/campaigns/:id/send": () => campaignIn("campaign.sent", (admin, id) => admin.post(`/api/campaigns/${id}/send`).send({}).expect(202)),
  "POST /api/campaigns/:id/pause": () =>
    campaignIn("campaign.paused", async (admin, id) => {
      await admin.post(`/api/campaigns/${id}/send`).send({}).expect(202);
      await admin.post(`/api/campaigns/${id}/pause`).expect(200);
    }),
  "POST /api/campaigns/:id/resume": () =>
    campaignIn("campaign.resumed", async (admin, id) => {
      await admin.post(`/api/campaigns/${id}/send`).send({}).expect(202);
      await admin.post(`/api/campaigns/${id}/pause`).expect(200);
      await admin.post(`/api/campaigns/${id}/resume`).expect(200);
    }),
  // The mail provider's webhook is off without its secret, and the shared fixtures have none.
  "POST /api/webhooks/email-events": () =>
    inFreshContext("contact.bounced", { env: { TRUST_PROXY: false, AUTH_SCRYPT_COST: 12, EMAIL_WEBHOOK_SECRET: "coverage-webhook-secret" } }, async (fresh) => {
      const { agent } = await fresh.userAgent({ isAdmin: true });
      await agent.post("/api/contacts").send({ name: "Casey", email: "casey@example.com" }).expect(201);
      await supertest(fresh.app)
        .post("/api/webhooks/email-events")
        .set("Authorization", "Bearer coverage-webhook-secret")
        .send({ type: "bounce", bounce: "hard", email: "casey@example.com" })
        .expect(200);
    }),
  "POST /api/init-admin": () =>
    inFreshContext("auth.setup", {}, (fresh) =>
      supertest(fresh.app).post("/api/init-admin").send({ username: "founder", password: TEST_PASSWORD, email: "founder@example.com" }).expect(201),
    ),
  "POST /api/register": async () => {
    const invited = await fixtures.admin.agent.post("/api/invitations").send({ email: "newcomer@example.com" }).expect(201);
    const [row] = await ctx.db.select({ token: invitations.token }).from(invitations).where(eq(invitations.id, invited.body.id));
    return written(REGISTER, () => supertest(ctx.app).post("/api/register").send({ username: "newcomer", password: TEST_PASSWORD, token: row.token }).expect(201));
  },
  "POST /api/looplink/extract-image": async () => {
    const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#cc5500" } }).jpeg().toBuffer();
    const site = await startTestServer((req, res) => {
      if (req.url === "/flyer.html") res.writeHead(200, { "Content-Type": "text/html" }).end(`<html><head><meta property="og:image" content="/hero.jpg"></head></html>`);
      else if (req.url === "/hero.jpg") res.writeHead(200, { "Content-Type": "image/jpeg" }).end(photo);
      else res.writeHead(404).end();
    });
    try {
      // The flyer is served on 127.0.0.1, which only a server told so may fetch.
      return await inFreshContext("flyer.image-extracted", { env: { TRUST_PROXY: false, AUTH_SCRYPT_COST: 12, FLYER_ALLOW_PRIVATE_NETWORKS: true } }, async (fresh) => {
        const { agent } = await fresh.userAgent();
        await agent.post("/api/looplink/extract-image").send({ flyerUrl: `${site.origin}/flyer.html` }).expect(200);
      });
    } finally {
      await site.close();
    }
  },
  "PATCH /api/team/members/:id": async () => {
    const user = await ctx.createUser();
    return written("team.role-changed", () => fixtures.admin.agent.patch(`/api/team/members/${user.id}`).send({ isAdmin: true }).expect(200));
  },
  "POST /api/team/members/:id/reset-link": async () => {
    const user = await ctx.createUser();
    return written("team.reset-link-created", () => fixtures.admin.agent.post(`/api/team/members/${user.id}/reset-link`).expect(201));
  },
  "POST /api/password-reset": async () => {
    const user = await ctx.createUser();
    const { resetLink } = (await fixtures.admin.agent.post(`/api/team/members/${user.id}/reset-link`).expect(201)).body as { resetLink: string };
    const token = new URL(resetLink).searchParams.get("reset")!;
    return written("auth.password-reset", () =>
      supertest(ctx.app).post("/api/password-reset").send({ token, newPassword: "a brand new passphrase 42" }).expect(200),
    );
  },
  "POST /api/account/password": async () => {
    const { agent } = await ctx.userAgent();
    return written("account.password-changed", () =>
      agent.post("/api/account/password").send({ currentPassword: TEST_PASSWORD, newPassword: "a brand new passphrase 42" }).expect(204),
    );
  },
  "DELETE /api/account/sessions/:id": async () => {
    const { first } = await memberWithTwoSessions();
    const sessions = (await first.get("/api/account/sessions").expect(200)).body as AccountSessionDto[];
    const other = sessions.find((s) => !s.current)!;
    return written("account.session-ended", () => first.delete(`/api/account/sessions/${other.id}`).expect(204));
  },
  "POST /api/account/sessions/sign-out-others": async () => {
    const { first } = await memberWithTwoSessions();
    return written("account.session-ended", () => first.post("/api/account/sessions/sign-out-others").expect(200));
  },
};
