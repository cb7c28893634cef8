// First-admin setup from another machine needs the code the server prints at start;
// from this machine, at a loopback name, it works
// as before (auth.test.ts). A name rebound to 127.0.0.1 is refused, or needs the code where it is
// allowed.
import type { Request } from "express";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, createTestContext, type TestContext } from "../../test/test-app.js";
import { TEST_PASSWORD, TEST_SCRYPT_COST, TEST_SECRET } from "../../test/test-constants.js";
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
      ({ headers: { host: "localhost:5000", ...headers }, socket: { remoteAddress } }) as unknown as Request;
    expect(isFromThisMachine(req("127.0.0.1"))).toBe(true);
    expect(isFromThisMachine(req("::1"))).toBe(true);
    expect(isFromThisMachine(req("::ffff:127.0.0.1"))).toBe(true);
    expect(isFromThisMachine(req("192.168.1.20"))).toBe(false);
    expect(isFromThisMachine(req("::ffff:10.0.0.5"))).toBe(false);
    expect(isFromThisMachine(req("127.0.0.1", { "x-forwarded-for": "203.0.113.5" }))).toBe(false);
    expect(isFromThisMachine(req("127.0.0.1", { forwarded: "for=203.0.113.5" }))).toBe(false);
    expect(isFromThisMachine(req("127.0.0.1", { "x-forwarded-host": "localhost" }))).toBe(false);
  });

  it("counts a loopback connection as this machine only when its Host is a loopback name", () => {
    const req = (host: string | undefined) =>
      ({ headers: host === undefined ? {} : { host }, socket: { remoteAddress: "127.0.0.1" } }) as unknown as Request;
    for (const host of ["localhost:5000", "LOCALHOST", "127.0.0.1:5000", "127.1.2.3", "[::1]:5000", "app.localhost:5000"]) {
      expect(isFromThisMachine(req(host)), host).toBe(true);
    }
    // A rebound name (its owner pointed it at 127.0.0.1), this machine's LAN name or address, or none.
    for (const host of ["evil.example:5101", "localhost.evil.example", "192.168.1.4:5000", "desk.example.com", undefined]) {
      expect(isFromThisMachine(req(host)), String(host)).toBe(false);
    }
  });

  it("derives one code per session secret, and prints it in a ready link", () => {
    const code = setupCodeFor(TEST_SECRET);
    expect(code).toMatch(/^[\w-]{24}$/);
    expect(setupCodeFor(TEST_SECRET)).toBe(code);
    expect(setupCodeFor(`${TEST_SECRET}-other`)).not.toBe(code);
    expect(setupLink({ host: "192.168.1.4", port: 5000 }, code)).toBe(`http://192.168.1.4:5000/auth?setup=true&code=${code}`);
    expect(setupLink({ host: "0.0.0.0", port: 5000 }, code)).toMatch(new RegExp(`^http://[^/:]+:5000/auth\\?setup=true&code=${code}$`));
    // PUBLIC_URL, when set, is where people open the app.
    const atPublicUrl = setupLink({ host: "0.0.0.0", port: 5000, publicUrl: "https://desk.example.com" }, code);
    expect(atPublicUrl).toBe(`https://desk.example.com/auth?setup=true&code=${code}`);
  });
});

describe("first-admin setup through a rebound name (DNS rebinding)", () => {
  let fresh: TestContext;
  beforeAll(async () => {
    fresh = await createTestContext();
  });
  afterAll(() => fresh.close());

  // What a page at http://evil.example:5101 sends once its name points at 127.0.0.1: the
  // connection comes from this machine, Host and Origin name the page's own site.
  const rebound = (app: typeof fresh.app, host = "evil.example:5101") =>
    supertest(app).post("/api/init-admin").set("Host", host).set("Origin", `http://${host}`).send(admin);

  it("refuses a name that is not this server's with a plain 400, on every route, and creates no admin", async () => {
    const res = await rebound(fresh.app);
    expect(res.status).toBe(400);
    expect(res.headers["content-type"]).toMatch(/^text\/plain/);
    expect(res.text).toBe("Invalid Host header");
    for (const path of ["/api/needs-setup", "/auth", "/assets/app.js"]) {
      expect((await supertest(fresh.app).get(path).set("Host", "evil.example:5101")).status, path).toBe(400);
    }
    expect((await supertest(fresh.app).get("/api/needs-setup")).body).toEqual({ needsSetup: true });
  });

  it("needs the setup code for an allowed name that is not a loopback one", async () => {
    const anyName = buildApp(fresh.db, { env: { TRUST_PROXY: false, AUTH_SCRYPT_COST: TEST_SCRYPT_COST, ALLOWED_HOSTS: ["*"] } });
    const res = await rebound(anyName);
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/open the setup link the server printed/);
    expect((await rebound(fresh.app, "desk.example.com")).status).toBe(403);
    expect((await supertest(fresh.app).get("/api/needs-setup")).body).toEqual({ needsSetup: true });
  });

  it("sets up from this machine at localhost without the code", async () => {
    const res = await rebound(fresh.app, "localhost:5101");
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ username: admin.username, isAdmin: true });
  });
});
