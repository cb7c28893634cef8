// "Created from a flyer": a listing whose image the server took from a flyer link for
// the person creating it reads so on its timeline; any other listing made in the form reads "form".
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ActivityEntry, AuditEntry } from "../../../shared/audit.js";
import type { PublicUser } from "../../../shared/schema.js";
import { auditEvents } from "../../db/tables.js";
import { startTestServer, type TestServer } from "../../integrations/flyer-link/test-server.js";
import { validListingInput } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";

let ctx: TestContext;
let site: TestServer;
let admin: { user: PublicUser; agent: TestClient };
let member: { user: PublicUser; agent: TestClient };
beforeAll(async () => {
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#cc5500" } }).jpeg().toBuffer();
  const page = `<html><head><meta property="og:image" content="/hero.jpg"></head></html>`;
  site = await startTestServer((req, res) => {
    if (req.url === "/flyer.html") res.writeHead(200, { "Content-Type": "text/html" }).end(page);
    else if (req.url === "/hero.jpg") res.writeHead(200, { "Content-Type": "image/jpeg" }).end(photo);
    else res.writeHead(404).end();
  });
  // The flyer is served on 127.0.0.1.
  ctx = await createTestContext({ env: { TRUST_PROXY: false, AUTH_SCRYPT_COST: 12, FLYER_ALLOW_PRIVATE_NETWORKS: true } });
  admin = await ctx.userAgent({ isAdmin: true });
  member = await ctx.userAgent({ username: "dana" });
});
afterAll(async () => {
  await site.close();
  await ctx.close();
});

const extract = async (agent: TestClient, flyerUrl: string): Promise<string> => {
  const res = await agent.post("/api/looplink/extract-image").send({ flyerUrl });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.imageUrl;
};
const createdEntry = async (agent: TestClient, values: Record<string, unknown>): Promise<ActivityEntry> => {
  const res = await agent.post("/api/listings").send(validListingInput(values));
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const timeline = await agent.get(`/api/listings/${res.body.id}/activity`).expect(200);
  return (timeline.body.entries as ActivityEntry[]).find((e) => e.kind === "listing.created")!;
};

describe("a listing's creation source", () => {
  it("is the flyer when the Add dialog took its image from the flyer link", async () => {
    const flyerUrl = `${site.origin}/flyer.html`;
    const imageUrl = await extract(member.agent, flyerUrl);
    const entry = await createdEntry(member.agent, { marketingFlyerLink: flyerUrl, imageUrl });
    expect(entry).toMatchObject({ actor: { username: "dana" }, details: { via: "flyer", flyerUrl } });
  });

  it("is the form for an image someone else took from a flyer, or no image", async () => {
    const imageUrl = await extract(member.agent, `${site.origin}/flyer.html`);
    expect((await createdEntry(admin.agent, { imageUrl })).details).toEqual({ via: "form" });
    expect((await createdEntry(member.agent, {})).details).toEqual({ via: "form" });
  });

  it("records the extraction itself as flyer.image-extracted, kept out of the admins' log", async () => {
    const flyerUrl = `${site.origin}/flyer.html`;
    const imageUrl = await extract(member.agent, flyerUrl);
    const extractions = () => ctx.db.select().from(auditEvents).where(eq(auditEvents.kind, "flyer.image-extracted"));
    expect((await extractions()).at(-1)).toMatchObject({ actorId: member.user.id, listingId: null, data: { flyerUrl, imageUrl } });
    const res = await admin.agent.get("/api/audit").expect(200);
    expect((res.body.entries as AuditEntry[]).some((e) => e.kind === "flyer.image-extracted")).toBe(false);
    // A failed extraction stores no image and records nothing.
    const before = (await extractions()).length;
    await member.agent.post("/api/looplink/extract-image").send({ flyerUrl: `${site.origin}/missing.html` }).expect(422);
    expect((await extractions()).length).toBe(before);
  });
});
