// A public page's figures: people's views, not bots'; distinct visitors per day without storing
// who they are; flyer downloads and inquiries; the last 90 days.
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { publicPageVisitors } from "../../db/tables.js";
import { createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { visitorHash } from "./page-figures.js";

let ctx: TestContext;
let member: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  member = (await ctx.userAgent()).agent;
});
afterAll(() => ctx.close());

const CHROME = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";
const SAFARI = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";
const NOT_PEOPLE = [
  "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
  "LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)",
  "Twitterbot/1.0",
  "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Slackbot-LinkExpanding 1.0)",
  "curl/8.5.0",
];

async function published() {
  const listing = await createListing(ctx.db);
  const res = await member.put(`/api/listings/${listing.id}/publication`).send({ published: true }).expect(200);
  return { listing, path: new URL(res.body.url).pathname };
}

describe("GET /api/listings/:id/marketing", () => {
  it("counts people's views and distinct visitors, never bots, prefetches or previews", async () => {
    const { listing, path } = await published();
    const view = (agent?: string) => {
      const req = supertest(ctx.app).get(path);
      return (agent === undefined ? req.unset("User-Agent") : req.set("User-Agent", agent)).expect(200);
    };
    await view(CHROME);
    await view(CHROME);
    await view(SAFARI);
    for (const bot of NOT_PEOPLE) await view(bot);
    await view(undefined);
    await supertest(ctx.app).get(path).set("User-Agent", CHROME).set("Sec-Purpose", "prefetch").expect(200);
    await supertest(ctx.app).get(`${path}/flyer.pdf`).set("User-Agent", SAFARI).expect(200);
    await supertest(ctx.app)
      .post(`${path}/inquiries`)
      .send({ name: "Sam", email: "sam@example.com", role: "tenant", message: "Hello" })
      .expect(201);

    const figures = (await member.get(`/api/listings/${listing.id}/marketing`).expect(200)).body;
    expect(figures).toMatchObject({ views: 3, visitors: 2, inquiries: 1, flyerDownloads: 1 });
    expect(figures.days).toHaveLength(90);
    expect(figures.days.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), views: 3, visitors: 2, inquiries: 1, flyerDownloads: 1 });
    expect(figures.days[0]).toMatchObject({ views: 0, visitors: 0 });
  });

  it("keeps visitors as daily-salted hashes, never an address or a browser", async () => {
    const { path } = await published();
    await supertest(ctx.app).get(path).set("User-Agent", CHROME).expect(200);
    await member.get(`/api/listings/${(await createListing(ctx.db)).id}/marketing`).expect(200);
    const stored = JSON.stringify(await ctx.db.select().from(publicPageVisitors));
    expect(stored).not.toContain("127.0.0.1");
    expect(stored).not.toContain("Chrome");
    expect(visitorHash("secret", "2026-11-26", "1.2.3.4", CHROME)).not.toBe(visitorHash("secret", "2026-11-27", "1.2.3.4", CHROME));
    expect(visitorHash("secret", "2026-11-26", "1.2.3.4", CHROME)).toBe(visitorHash("secret", "2026-11-26", "1.2.3.4", CHROME));
  });

  it("answers 404 for a listing that does not exist", async () => {
    await member.get("/api/listings/00000000-0000-4000-8000-000000000000/marketing").expect(404);
  });
});
