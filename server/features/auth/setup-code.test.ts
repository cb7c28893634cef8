// First-admin setup from another machine needs the code the server prints at start
// (docs/decisions/110-first-admin-setup-code.md); from this machine it works as before (auth.test.ts).
import type { Request } from "express";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, TEST_PASSWORD, TEST_SCRYPT_COST, TEST_SECRET, type TestContext } from "../../test/test-app.js";
import { isFromThisMachine, setupCodeFor, setupLink } from "./setup-code.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ env: { TRUST_PROXY: 1, AUTH_SCRYPT_COST: TEST_SCRYPT_COST } });
});
afterAll(() => ctx.close());

const admin = { username: "remote.admin", password: TEST_PASSWORD, email: "remote@example.com" };
const fromElsewhere = (body: object, address = "198.51.100.23") =>
  supertest(ctx.app).post("/api/init-admin").set("x-forwarded-for", address).send(body);

describe("first-admin setup from another machine", () => {
  it("needs the setup code, refuses a wrong one, and changes nothing until it is right", async () => {
    const missing = await fromElsewhere(admin);
    expect(missing.status).toBe(403);
    expect(missing.body.message).toBe(
      "To set up this workspace from another computer, open the setup link the server printed when it started (it ends with &code=...).",
    );
    const wrong = await fromElsewhere({ ...admin, code: "not-the-code" });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe("That setup code is not right. Open the setup link exactly as the server printed it.");
    // A proxy's claim that the request came from this machine is not taken as proof.
    expect((await fromElsewhere(admin, "127.0.0.1")).status).toBe(403);
    expect((await supertest(ctx.app).get("/api/needs-setup")).body).toEqual({ needsSetup: true });

    const done = await fromElsewhere({ ...admin, code: setupCodeFor(TEST_SECRET) });
    expect(done.status).toBe(201);
    expect(done.body).toMatchObject({ username: "remote.admin", isAdmin: true });
    // Once done, the code opens nothing.
    const again = await fromElsewhere({ ...admin, username: "second", code: setupCodeFor(TEST_SECRET) });
    expect(again.status).toBe(409);
  });

  it("counts only direct connections from a loopback address as this machine", () => {
    const req = (remoteAddress: string, headers: Record<string, string> = {}) =>
      ({ headers, socket: { remoteAddress } }) as unknown as Request;
    expect(isFromThisMachine(req("127.0.0.1"))).toBe(true);
    expect(isFromThisMachine(req("::1"))).toBe(true);
    expect(isFromThisMachine(req("::ffff:127.0.0.1"))).toBe(true);
    expect(isFromThisMachine(req("192.168.1.20"))).toBe(false);
    expect(isFromThisMachine(req("::ffff:10.0.0.5"))).toBe(false);
    expect(isFromThisMachine(req("127.0.0.1", { "x-forwarded-for": "203.0.113.5" }))).toBe(false);
    expect(isFromThisMachine(req("127.0.0.1", { forwarded: "for=203.0.113.5" }))).toBe(false);
  });

  it("derives one code per session secret, and prints it in a ready link", () => {
    const code = setupCodeFor(TEST_SECRET);
    expect(code).toMatch(/^[\w-]{24}$/);
    expect(setupCodeFor(TEST_SECRET)).toBe(code);
    expect(setupCodeFor(`${TEST_SECRET}-other`)).not.toBe(code);
    expect(setupLink("192.168.1.4", 5000, code)).toBe(`http://192.168.1.4:5000/auth?setup=true&code=${code}`);
    expect(setupLink("0.0.0.0", 5000, code)).toMatch(new RegExp(`^http://[^/:]+:5000/auth\\?setup=true&code=${code}$`));
  });
});
