// Every state-changing route states what it writes to the audit trail (docs/decisions/161-audit-route-coverage.md), as every route
// states who may call it: a new route without a line in server/features/audit/audit-coverage.ts
// fails here, and each line is checked by making the request.
import fs from "node:fs";
import path from "node:path";
import { count, eq } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents, invitations } from "../db/tables.js";
import { AUDIT_COVERAGE } from "../features/audit/audit-coverage.js";
import { registeredRoutes, type AccessRow, type Fixtures, type Role } from "./access-matrix.js";
import { createTestContext, TEST_PASSWORD, type TestContext } from "./test-app.js";

const repoRoot = path.resolve(import.meta.dirname, "../..");
const featuresDir = path.join(repoRoot, "server/features");
const matrix = new Map<string, AccessRow>();
for (const feature of fs.readdirSync(featuresDir)) {
  const file = path.join(featuresDir, feature, "access.matrix.ts");
  if (fs.existsSync(file)) for (const row of ((await import(file)) as { rows: AccessRow[] }).rows) matrix.set(row.route, row);
}
const [REGISTER, SETUP] = ["auth.register", "auth.setup"];
const STATE_CHANGING = /^(POST|PUT|PATCH|DELETE) /;

let ctx: TestContext;
let fixtures: Fixtures;
beforeAll(async () => {
  ctx = await createTestContext();
  const admin = await ctx.userAgent({ isAdmin: true });
  const member = await ctx.userAgent();
  const otherMember = await ctx.userAgent();
  fixtures = { ctx, admin, member, otherMember };
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
    } else if (expectation.checkedIn) {
      const file = expectation.checkedIn;
      it(`${route} writes ${expectation.writes} (checked in ${file})`, () => {
        expect(fs.readFileSync(path.join(repoRoot, file), "utf8")).toContain(`"${expectation.writes}"`);
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

// The two routes whose success needs a state the shared fixtures lack.
describe("account entries", () => {
  it("records accepting an invitation as auth.register", async () => {
    const invited = await fixtures.admin.agent.post("/api/invitations").send({ email: "newcomer@example.com" }).expect(201);
    const [row] = await ctx.db.select({ token: invitations.token }).from(invitations).where(eq(invitations.id, invited.body.id));
    const before = await entries(REGISTER);
    await supertest(ctx.app).post("/api/register").send({ username: "newcomer", password: TEST_PASSWORD, token: row.token }).expect(201);
    expect(await entries(REGISTER)).toBe(before + 1);
  });

  it("records setting up the first admin as auth.setup", async () => {
    const fresh = await createTestContext();
    try {
      await supertest(fresh.app).post("/api/init-admin").send({ username: "founder", password: TEST_PASSWORD, email: "founder@example.com" }).expect(201);
      const rows = await fresh.db.select({ kind: auditEvents.kind }).from(auditEvents).where(eq(auditEvents.kind, SETUP));
      expect(rows).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });
});
