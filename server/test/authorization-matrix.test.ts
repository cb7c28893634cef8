import express from "express";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registeredRoutes, type Fixtures, type Role } from "./access-matrix.js";
import { allMatrixRows, createMatrixFixtures } from "./matrix-fixtures.js";
import type { TestContext } from "./test-app.js";

const rows = await allMatrixRows();

let ctx: TestContext;
let fixtures: Fixtures;
beforeAll(async () => {
  fixtures = await createMatrixFixtures();
  ctx = fixtures.ctx;
});
afterAll(() => ctx.close());

describe("authorization matrix", () => {
  it("has exactly one row for every registered API route", () => {
    const registered = registeredRoutes(ctx.app);
    const described = rows.map((r) => r.route).sort();
    expect(registered.length).toBeGreaterThan(10);
    expect(described).toEqual(registered);
  });

  it("reads routes registered with several paths, and refuses to walk past a path it cannot read", () => {
    const noop: express.RequestHandler = (_req, res) => void res.end();
    const several = express();
    several.get(["/api/one", "/api/two"], noop);
    several.use(express.Router().post("/api/three", noop));
    expect(registeredRoutes(several)).toEqual(["GET /api/one", "GET /api/two", "POST /api/three"]);

    const withRegExp = express();
    withRegExp.get(/^\/api\/hidden$/, noop);
    expect(() => registeredRoutes(withRegExp)).toThrow(/cannot read.*hidden/);
  });

  const roles: Role[] = ["anonymous", "member", "admin", "otherMember"];
  for (const row of rows) {
    for (const role of roles) {
      const expected = row.expect[role];
      if (expected === undefined) continue;
      it(`${row.route} as ${role} → ${expected}`, async () => {
        const [method, routePath] = row.route.split(" ");
        const built = (await row.request?.(fixtures, role)) ?? {};
        const target = built.path ?? routePath;
        const client =
          role === "anonymous"
            ? supertest(ctx.app)
            : row.freshSession
              ? await ctx.signIn(fixtures[role].user)
              : fixtures[role].agent;
        const req = client[method.toLowerCase() as "get"](target);
        const res = built.body === undefined ? await req : await req.send(built.body as object);
        expect(res.status, JSON.stringify(res.body)).toBe(expected);
      });
    }
  }
});
