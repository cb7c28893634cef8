import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import express from "express";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createLogger } from "../logger.js";
import { buildApp, createTestContext, type TestContext } from "../test/test-app.js";
import { TEST_PASSWORD, TEST_SCRYPT_COST } from "../test/test-constants.js";
import { errorMiddleware } from "./error-middleware.js";
import { spaRoutes } from "./spa.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("error replies", () => {
  it("answers malformed JSON with a readable 400", async () => {
    const res = await supertest(ctx.app).post("/api/login").set("Content-Type", "application/json").send('{"username":');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: "The request body is not valid JSON" });
  });

  it("caps a signed-out caller's JSON body at 64 KB, on every anonymous write", async () => {
    const big = JSON.stringify({ username: "x", password: "y".repeat(70_000), token: "t", code: "c" });
    for (const path of ["/api/login", "/api/register", "/api/init-admin", "/api/password-reset"]) {
      const res = await supertest(ctx.app).post(path).set("Content-Type", "application/json").send(big);
      expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 413, body: { message: "The request is too large" } });
    }
  });

  it("caps JSON bodies at 1 MB", async () => {
    const res = await supertest(ctx.app)
      .post("/api/login")
      .set("Content-Type", "application/json")
      .send(JSON.stringify({ username: "x", password: "y".repeat(1_100_000) }));
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: "The request is too large" });
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await supertest(ctx.app).get("/api/does-not-exist?x=1");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: "No API route for GET /api/does-not-exist" });
  });

  it("turns unknown errors into a 500 with the detail only in the log", async () => {
    const logger = createLogger("silent");
    const logged = vi.spyOn(logger, "error");
    const app = express();
    app.use((req, _res, next) => {
      req.log = logger;
      next();
    });
    app.get("/boom", () => {
      throw new Error("secret database detail");
    });
    app.use(errorMiddleware);
    const res = await supertest(app).get("/boom");
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ message: "Something went wrong on our side. Please try again." });
    expect((logged.mock.calls[0][0] as unknown as { err: Error }).err.message).toBe("secret database detail");
  });
});

describe("compression", () => {
  it("gzips large JSON replies for clients that accept it", async () => {
    for (let i = 0; i < 40; i++) await ctx.createUser();
    const { agent } = await ctx.userAgent();
    const res = await agent.get("/api/users").set("Accept-Encoding", "gzip");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("gzip");
    expect(res.body.length).toBeGreaterThan(40);
  });
});

describe("security headers", () => {
  it("sends a CSP that forbids framing, plus nosniff, and hides Express", async () => {
    const res = await supertest(ctx.app).get("/api/needs-setup");
    const csp = res.headers["content-security-policy"];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("script-src 'self'");
    expect(res.headers["x-content-type-options"]).toBe("nosniff");
    expect(res.headers["x-powered-by"]).toBeUndefined();
  });
});

describe("cross-site request refusal", () => {
  const login = async () => {
    const user = await ctx.createUser();
    return { username: user.username, password: TEST_PASSWORD };
  };

  it("refuses a state change whose Origin is another site", async () => {
    const res = await supertest(ctx.app).post("/api/login").set("Origin", "https://evil.example").send(await login());
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: "Cross-site requests are not allowed" });
  });

  it("refuses what the browser marks as cross-site", async () => {
    const res = await supertest(ctx.app).post("/api/login").set("Sec-Fetch-Site", "cross-site").send(await login());
    expect(res.status).toBe(403);
  });

  it("compares the scheme and port of the Origin too, not only the host name", async () => {
    const post = (origin: string, host = "app.example.com") =>
      supertest(ctx.app).post("/api/logout").set("Host", host).set("Origin", origin);
    // This server answers over http: a page from https://app.example.com, or from another port, is another origin.
    expect((await post("https://app.example.com")).status).toBe(403);
    expect((await post("http://app.example.com:8080")).status).toBe(403);
    expect((await post("http://app.example.com:8080", "app.example.com:9090")).status).toBe(403);
    expect((await post("http://app.example.com:80")).status).toBe(204);
    expect((await post("http://app.example.com:8080", "app.example.com:8080")).status).toBe(204);
  });

  it("takes the scheme from X-Forwarded-Proto only behind a trusted proxy", async () => {
    const post = (app: typeof ctx.app) =>
      supertest(app)
        .post("/api/logout")
        .set("Host", "app.example.com")
        .set("X-Forwarded-Proto", "https")
        .set("Origin", "https://app.example.com");
    expect((await post(ctx.app)).status).toBe(403);
    const behindProxy = buildApp(ctx.db, { env: { TRUST_PROXY: 1, AUTH_SCRYPT_COST: TEST_SCRYPT_COST } });
    expect((await post(behindProxy)).status).toBe(204);
  });

  it("accepts same-origin requests and reads", async () => {
    const res = await supertest(ctx.app)
      .post("/api/login")
      .set("Host", "app.example.com")
      .set("Origin", "http://app.example.com")
      .set("Sec-Fetch-Site", "same-origin")
      .send(await login());
    expect(res.status).toBe(200);
    expect((await supertest(ctx.app).get("/api/needs-setup").set("Origin", "https://evil.example")).status).toBe(200);
  });
});

describe("SPA serving", () => {
  it("serves index.html for client routes, assets with long caching, and JSON 404 for /api", async () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), "spa-"));
    fs.mkdirSync(path.join(dist, "assets"));
    fs.writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>app</title>");
    fs.writeFileSync(path.join(dist, "assets", "app-abc123.js"), "console.log(1)");
    fs.writeFileSync(path.join(dist, "sw.js"), "self.addEventListener('fetch', () => {})");
    fs.writeFileSync(path.join(dist, "manifest.webmanifest"), "{}");
    fs.writeFileSync(path.join(dist, "favicon.svg"), "<svg/>");
    const app = express();
    app.use(spaRoutes(dist));
    app.use("/api", (_req, res) => res.status(404).json({ message: "api" }));
    try {
      const page = await supertest(app).get("/some/unknown/page");
      expect(page.status).toBe(200);
      expect(page.text).toContain("<title>app</title>");
      expect(page.headers["cache-control"]).toBe("no-cache");
      const asset = await supertest(app).get("/assets/app-abc123.js");
      expect(asset.headers["cache-control"]).toContain("immutable");
      expect((await supertest(app).get("/assets/missing.js")).status).toBe(404);
      // Fixed names that change with each deploy are asked for again every time.
      for (const file of ["/sw.js", "/manifest.webmanifest"]) {
        expect((await supertest(app).get(file)).headers["cache-control"]).toBe("no-cache");
      }
      expect((await supertest(app).get("/favicon.svg")).headers["cache-control"]).toBe("public, max-age=3600");
      expect((await supertest(app).get("/api/nothing")).body).toEqual({ message: "api" });
    } finally {
      fs.rmSync(dist, { recursive: true, force: true });
    }
  });
});
