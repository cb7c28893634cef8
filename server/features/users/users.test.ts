import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../test/test-app.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("GET /api/users", () => {
  it("lists every teammate by name, case aside, with only the public fields", async () => {
    await ctx.userAgent({ username: "zed" });
    await ctx.userAgent({ username: "Amy", isAdmin: true });
    const { agent } = await ctx.userAgent({ username: "bob" });
    const users = (await agent.get("/api/users").expect(200)).body as { username: string }[];
    const names = users.map((u) => u.username);
    expect(names).toEqual([...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase())));
    expect(names).toEqual(expect.arrayContaining(["Amy", "bob", "zed"]));
    for (const u of users) expect(Object.keys(u).sort()).toEqual(["email", "id", "isAdmin", "username"]);
    expect(JSON.stringify(users)).not.toMatch(/scrypt/);
  });
});
