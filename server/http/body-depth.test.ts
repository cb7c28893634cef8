// Request shapes that once stopped the server: JSON nested thousands deep overflowed the stack of a
// check run in the body parser's callback, outside Express's error handling, and the process
// exited. Each is refused with a 400 or 413 and the
// server goes on serving; one test runs the real server process, since in a test's own process a
// crash in a callback can look like a mere failed request.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createListing } from "../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../test/test-app.js";
import { spawnServer, type ServerProcess } from "../test/spawn-server.js";
import { INPUT_SHAPE } from "./input-shape.js";
import { TIMEOUT } from "../../testing/timeouts.ts";

const deepArray = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const deepObject = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
/** A login body whose `extra` field holds `inner` (JSON text). */
const loginWith = (inner: string) => `{"username":"nobody","password":"wrong password","extra":${inner}}`;

const TOO_DEEP = `The request is nested too deeply: at most ${INPUT_SHAPE.maxDepth} levels of brackets are accepted.`;

let ctx: TestContext;
let member: TestClient;
/** A published page's inquiry path: an unknown token is refused before any body is read. */
let inquiryPath: string;
beforeAll(async () => {
  ctx = await createTestContext();
  member = (await ctx.userAgent()).agent;
  const listing = await createListing(ctx.db, { listingName: "Deep Bodies Depot" });
  const published = await member.put(`/api/listings/${listing.id}/publication`).send({ published: true }).expect(200);
  inquiryPath = `${new URL(published.body.url).pathname}/inquiries`;
});
afterAll(() => ctx.close());

const stillServing = async () => expect((await supertest(ctx.app).get("/api/health")).status).toBe(200);

describe("deeply nested JSON bodies", () => {
  const bodies = [
    ["5,000 arrays deep", deepArray(5_000)],
    ["100,000 arrays deep", deepArray(100_000)],
    ["5,000 objects deep", deepObject(5_000)],
    ["100,000 objects deep", deepObject(100_000)],
  ] as const;

  for (const [name, body] of bodies) {
    it(`${name}: refused on a public, a signed-in and an unknown route, and the server serves on`, async () => {
      const sent = [
        supertest(ctx.app).post(inquiryPath).set("Content-Type", "application/json").send(body),
        supertest(ctx.app).post("/api/login").set("Content-Type", "application/json").send(loginWith(body)),
        member.put("/api/listings/bulk").set("Content-Type", "application/json").send(`{"ids":[1],"updates":${body}}`),
        member.post("/api/imports/preview").set("Content-Type", "application/json").send(body),
        supertest(ctx.app).post("/api/no-such-route").set("Content-Type", "application/json").send(body),
        supertest(ctx.app).post("/no-such-page").set("Content-Type", "application/json").send(body),
      ];
      for (const res of await Promise.all(sent)) {
        // Too deep (400), or, past a stranger's 64 KB cap, too large to read at all (413).
        if (res.status === 413) expect(res.request.url).not.toMatch(/\/api\/(listings|imports)\//);
        else expect(res.body).toEqual({ message: TOO_DEEP });
        expect([400, 413]).toContain(res.status);
      }
      await stillServing();
    });
  }

  it("are read up to the cap: a body as deep as the cap reaches its route, one level more does not", async () => {
    const atCap = await supertest(ctx.app).post("/api/login").set("Content-Type", "application/json").send(loginWith(deepArray(INPUT_SHAPE.maxDepth - 1)));
    expect(atCap.status).toBe(401);
    const over = await supertest(ctx.app).post("/api/login").set("Content-Type", "application/json").send(loginWith(deepArray(INPUT_SHAPE.maxDepth)));
    expect(over.status).toBe(400);
    expect(over.body).toEqual({ message: TOO_DEEP });
  });

  it("brackets inside strings, escaped quotes included, are text and not depth", async () => {
    const text = JSON.stringify({ note: `"${"[{".repeat(5_000)}\\"`, more: ["\\", "]]"] });
    const res = await supertest(ctx.app).post("/api/no-such-route").set("Content-Type", "application/json").send(text);
    expect(res.status).toBe(404);
  });
});

describe("JSON bodies of very many values", () => {
  it("are refused with a 413 before they are parsed, and the server serves on", async () => {
    const ids = Array.from({ length: INPUT_SHAPE.maxValues + 1 }, () => "1").join(",");
    const res = await member.put("/api/listings/bulk").set("Content-Type", "application/json").send(`{"ids":[${ids}],"updates":{"notes":"x"}}`);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: "The request holds too many values: at most 1,000,000 are accepted." });
    await stillServing();
  });
});

describe("queries and forms", () => {
  it("a query of brackets 5,000 deep is one flat name (Express's simple parser), not a deep object", async () => {
    const res = await member.get(`/api/no-such-route?${"a" + "[b]".repeat(5_000)}=1`);
    expect(res.status).toBe(404);
    await stillServing();
  });

  it("a public form of brackets 5,000 deep is one flat name too, answered as the form is", async () => {
    const res = await supertest(ctx.app)
      .post("/l/no-such-token/inquiries")
      .type("form")
      .send(`${"a" + "[b]".repeat(5_000)}=1`);
    expect(res.status).toBe(404);
    await stillServing();
  });
});

describe("the server process", { timeout: TIMEOUT.longJob }, () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "body-depth-"));
  let server: ServerProcess | undefined;
  afterAll(() => {
    server?.child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("is still running and serving after deeply nested bodies to a public and an unknown route, in UTF-16 too, and oversized headers", async () => {
    server = await spawnServer({ DATA_DIR: dataDir, SESSION_SECRET: "s".repeat(40) });
    const post = (route: string, body: string) =>
      fetch(server!.url + route, { method: "POST", headers: { "content-type": "application/json" }, body });
    for (const route of ["/api/login", "/api/no-such-route"]) {
      const res = await post(route, route === "/api/login" ? loginWith(deepArray(5_000)) : deepObject(5_000));
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: TOO_DEEP });
    }
    // Past a stranger's 64 KB cap the body is not read at all; an unknown page's form is refused
    // before its body is read.
    expect((await post("/api/login", loginWith(deepArray(100_000)))).status).toBe(413);
    expect((await post("/l/no-such-token/inquiries", deepObject(100_000))).status).toBe(404);
    // In another UTF, measured as in UTF-8.
    const utf16 = await fetch(`${server.url}/api/login`, {
      method: "POST",
      headers: { "content-type": "application/json; charset=utf-16le" },
      body: Buffer.from(loginWith(deepArray(5_000)), "utf16le"),
    });
    expect(utf16.status).toBe(400);
    expect(await utf16.json()).toEqual({ message: TOO_DEEP });
    // Headers past Node's 16 KB cap are refused by Node itself (a 431, or the connection closed).
    const bigHeaders = await fetch(`${server.url}/api/health`, { headers: { "x-filler": "x".repeat(64 * 1024) } }).then((r) => r.status, () => "closed");
    expect([431, "closed"]).toContain(bigHeaders);
    expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
    expect(server.child.signalCode).toBeNull();
  });
});
