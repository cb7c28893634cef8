// The host names the server answers to, PUBLIC_URL for the links it builds, and how both are
// configured. The DNS-rebinding setup itself is in auth/setup-code.test.ts.
import os from "node:os";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "../env.js";
import { buildApp, createTestContext, type TestContext } from "../test/test-app.js";
import { TEST_PASSWORD, TEST_SCRYPT_COST } from "../test/test-constants.js";
import { allowedHosts, hostnameOf } from "./allowed-hosts.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const appWith = (env: { TRUST_PROXY?: number | boolean; ALLOWED_HOSTS?: string[]; PUBLIC_URL?: string }) =>
  buildApp(ctx.db, { env: { TRUST_PROXY: false, AUTH_SCRYPT_COST: TEST_SCRYPT_COST, ALLOWED_HOSTS: [], ...env } });

describe("allowed hosts", () => {
  it("always allows loopback names, IP addresses and this machine's name; the list adds names and subdomains", () => {
    const byDefault = allowedHosts({ listed: [] });
    for (const host of ["localhost:5000", "app.localhost", "127.0.0.1:5000", "[::1]:5000", "192.168.1.4:5000", "[fe80::1]", "203.0.113.9"]) {
      expect(byDefault(host), host).toBe(true);
    }
    expect(byDefault(`${os.hostname()}:5000`)).toBe(true);
    expect(byDefault(os.hostname().toUpperCase())).toBe(true);
    for (const host of ["evil.example:5101", "localhost.evil.example", "desk.example.com", "127.0.0.1.nip.io"]) {
      expect(byDefault(host), host).toBe(false);
    }

    const listed = allowedHosts({ listed: ["desk.example.com", ".corp.example"], publicUrl: "https://listings.example.org" });
    expect(listed("desk.example.com:443")).toBe(true);
    expect(listed("Desk.Example.com.")).toBe(true);
    expect(listed("other.example.com")).toBe(false);
    expect(listed("corp.example")).toBe(true);
    expect(listed("a.b.corp.example:8080")).toBe(true);
    expect(listed("evilcorp.example")).toBe(false);
    expect(listed("listings.example.org")).toBe(true);
    expect(allowedHosts({ listed: ["*"] })("anything.example")).toBe(true);
  });

  it("reads a Host header's name without port or brackets", () => {
    expect(hostnameOf("Desk.Example.com:5000")).toBe("desk.example.com");
    expect(hostnameOf("[::1]:5000")).toBe("::1");
    expect(hostnameOf("::1")).toBe("::1");
    expect(hostnameOf("localhost.")).toBe("localhost");
  });

  it("answers 400 before anything else for another name, and checks a trusted proxy's X-Forwarded-Host", async () => {
    const app = appWith({ ALLOWED_HOSTS: ["desk.example.com"] });
    expect((await supertest(app).get("/api/health").set("Host", "desk.example.com")).status).toBe(200);
    const refused = await supertest(app).get("/api/health").set("Host", "other.example.com");
    expect(refused.status).toBe(400);
    expect(refused.text).toBe("Invalid Host header");

    const forwarded = (target: typeof app, name: string) =>
      supertest(target).get("/api/health").set("Host", "127.0.0.1:5000").set("X-Forwarded-Host", name);
    // Express takes X-Forwarded-Host as the host only from a trusted proxy; so does the check.
    expect((await forwarded(app, "evil.example")).status).toBe(200);
    const behindProxy = appWith({ TRUST_PROXY: 1, ALLOWED_HOSTS: ["desk.example.com"] });
    expect((await forwarded(behindProxy, "evil.example")).status).toBe(400);
    expect((await forwarded(behindProxy, "desk.example.com")).status).toBe(200);
  });
});

describe("PUBLIC_URL", () => {
  it("is where invitation links point, whatever host the request named, and its host is allowed", async () => {
    const app = appWith({ PUBLIC_URL: "https://listings.example.org" });
    const admin = await ctx.createUser({ isAdmin: true });
    const agent = supertest.agent(app);
    await agent.post("/api/login").set("Host", "127.0.0.1:5000").send({ username: admin.username, password: TEST_PASSWORD }).expect(200);
    const res = await agent.post("/api/invitations").set("Host", "127.0.0.1:5000").send({ email: "public-url@example.com" });
    expect(res.status).toBe(201);
    expect(res.body.inviteLink).toMatch(/^https:\/\/listings\.example\.org\/auth\?token=/);
    expect((await supertest(app).get("/api/health").set("Host", "listings.example.org")).status).toBe(200);
  });
});

describe("configuration", () => {
  it("reads ALLOWED_HOSTS and PUBLIC_URL", () => {
    const env = loadEnv({ ALLOWED_HOSTS: " Desk.Example.com, .corp.example ,[::1],", PUBLIC_URL: "https://Listings.Example.org/" });
    expect(env.ALLOWED_HOSTS).toEqual(["desk.example.com", ".corp.example", "::1"]);
    expect(env.PUBLIC_URL).toBe("https://listings.example.org");
    expect(loadEnv({ PUBLIC_URL: "http://desk.local:5000" }).PUBLIC_URL).toBe("http://desk.local:5000");
    expect(loadEnv({}).ALLOWED_HOSTS).toEqual([]);
    expect(loadEnv({}).PUBLIC_URL).toBeUndefined();
  });

  it("stops with a message naming the variable when a value is wrong", () => {
    const bad = (env: NodeJS.ProcessEnv) => () => loadEnv(env);
    expect(bad({ ALLOWED_HOSTS: "desk.example.com:5000" })).toThrow(/ALLOWED_HOSTS: "desk.example.com:5000" is not a host name/);
    expect(bad({ ALLOWED_HOSTS: "https://desk.example.com" })).toThrow(/ALLOWED_HOSTS: .*without a scheme or port/);
    expect(bad({ PUBLIC_URL: "desk.example.com" })).toThrow(/PUBLIC_URL: must be the app's address as people open it/);
    expect(bad({ PUBLIC_URL: "ftp://desk.example.com" })).toThrow(/PUBLIC_URL: must start with http:\/\/ or https:\/\//);
    expect(bad({ PUBLIC_URL: "https://desk.example.com/app" })).toThrow(/PUBLIC_URL: must be the app's address alone/);
  });
});
