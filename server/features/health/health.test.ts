import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../db/database.js";
import { createTestContext, type TestContext } from "../../test/test-app.js";
import { checkHealth } from "./service.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("health", () => {
  it("answers anyone once the database answers", async () => {
    expect((await supertest(ctx.app).get("/api/health").expect(200)).body).toEqual({ ok: true });
  });

  it("fails when the database does not answer, so a load balancer stops sending traffic", async () => {
    const broken = { execute: () => Promise.reject(new Error("connection refused")) } as unknown as Db;
    await expect(checkHealth(broken)).rejects.toThrow("connection refused");
  });
});
