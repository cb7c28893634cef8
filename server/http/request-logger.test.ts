// Secrets in URLs never reach the request log.
import { pino } from "pino";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp, createTestContext, type TestContext } from "../test/test-app.js";
import { TEST_PASSWORD } from "../test/test-constants.js";
import { redactUrl } from "./redact-url.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("request log", () => {
  it("logs invitation and reset tokens and setup codes as [redacted], and no body", async () => {
    const lines: string[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(line) });
    const app = buildApp(ctx.db, { logger });
    const secrets = {
      invitation: "inv1TATIONtokenSECRET0123456789abcdefghijk",
      reset: "reSETtokenSECRET0123456789abcdefghijklmnopq",
      query: "queryTOKENsecret0123456789",
      code: "setupCODEsecret012345678",
      body: "bodyTOKENsecret0123456789abcdef",
    };
    await supertest(app).get(`/api/invitations/validate/${secrets.invitation}`);
    await supertest(app).get(`/api/password-reset/validate/${secrets.reset}?x=1`);
    await supertest(app).get(`/auth?token=${secrets.query}`);
    await supertest(app).get(`/auth?setup=true&code=${secrets.code}`);
    await supertest(app).post("/api/register").send({ username: "someone", password: TEST_PASSWORD, token: secrets.body });

    const urls = lines.map((l) => JSON.parse(l) as { req?: { url: string } }).flatMap((l) => (l.req ? [l.req.url] : []));
    expect(urls).toEqual(
      expect.arrayContaining([
        "/api/invitations/validate/[redacted]",
        "/api/password-reset/validate/[redacted]?x=1",
        "/auth?token=[redacted]",
        "/auth?setup=true&code=[redacted]",
        "/api/register",
      ]),
    );
    const all = lines.join("\n");
    for (const secret of Object.values(secrets)) expect(all).not.toContain(secret);
  });

  it("logs upload URLs without their signature", async () => {
    const lines: string[] = [];
    const logger = pino({ level: "info" }, { write: (line: string) => void lines.push(line) });
    const app = buildApp(ctx.db, { logger });
    const user = await ctx.createUser();
    const agent = supertest.agent(app);
    await agent.post("/api/login").send({ username: user.username, password: TEST_PASSWORD }).expect(200);
    const { uploadURL } = (await agent.post("/api/objects/upload").expect(200)).body as { uploadURL: string };
    const signature = new URL(uploadURL, "http://x").searchParams.get("signature")!;
    expect(signature.length).toBeGreaterThan(20);
    await agent.put(uploadURL).set("Content-Type", "image/png").send(Buffer.from("not really a png"));
    const all = lines.join("\n");
    expect(all).toContain("signature=[redacted]");
    expect(all).not.toContain(signature);
  });
});

describe("redactUrl", () => {
  it("keeps everything else as it was sent", () => {
    expect(redactUrl("/api/listings/active?search=a%20b&page=2")).toBe("/api/listings/active?search=a%20b&page=2");
    expect(redactUrl("/api/invitations/validate/abc?x=1&Token=t&signature=s&X-Amz-Signature=z&y")).toBe(
      "/api/invitations/validate/[redacted]?x=1&Token=[redacted]&signature=[redacted]&X-Amz-Signature=[redacted]&y",
    );
    expect(redactUrl("/api/invitations")).toBe("/api/invitations");
    expect(redactUrl("/u/1a.abcdefabcdefabcdefabcd")).toBe("/u/[redacted]");
    expect(redactUrl("/c/1a.aHR0cHM6Ly94.abcdefabcdefabcdefabcd")).toBe("/c/[redacted]");
    expect(redactUrl("/o/1a.abcdefabcdefabcdefabcd")).toBe("/o/[redacted]");
    expect(redactUrl("/contacts/12")).toBe("/contacts/12");
    expect(redactUrl("/auth?%74oken=secret")).toBe("/auth?%74oken=[redacted]");
  });
});
