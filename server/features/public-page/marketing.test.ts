// A public page's figures: people's views, not bots'; distinct visitors per day without storing
// who they are; flyer downloads and inquiries; the last 90 days.
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Request } from "express";
import { publicPageVisitors } from "../../db/tables.js";
import { createListing } from "../../test/factories.js";
import { buildApp, contextWithMember, type TestClient, type TestContext } from "../../test/test-app.js";
import { addPageViews, findPageFigures } from "./data.js";
import { PageFigures, VIEW_GAP_MS, visitorHash } from "./page-figures.js";
import { TIMEOUT } from "../../../testing/timeouts.ts";

let ctx: TestContext;
let member: TestClient;
beforeAll(async () => {
  ({ ctx, member } = await contextWithMember());
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
    // The second view of the same browser within 30 minutes is a reload, not another view.
    expect(figures).toMatchObject({ views: 2, visitors: 2, inquiries: 1, flyerDownloads: 1 });
    expect(figures.days).toHaveLength(90);
    expect(figures.days.at(-1)).toEqual({ date: new Date().toISOString().slice(0, 10), views: 2, visitors: 2, inquiries: 1, flyerDownloads: 1 });
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

describe("figures a reload cannot inflate", () => {
  // n requests, ten at a time (as a reloading browser with a few connections would send them).
  async function times(n: number, send: () => Promise<unknown>) {
    for (let sent = 0; sent < n; sent += 10) await Promise.all(Array.from({ length: Math.min(10, n - sent) }, send));
  }

  // A hundred of each is a flood for the rule (the old code counted every one) and stays quick on a busy machine.
  it("counts 100 views of one visitor as one view, and 100 flyer downloads as one, on two app servers sharing the database", async () => {
    const { listing, path } = await published();
    // A second app server: its own memory, the same database.
    const other = buildApp(ctx.db, { changes: ctx.changes });
    let i = 0;
    const server = () => (i++ % 2 === 0 ? ctx.app : other);
    await times(100, () => supertest(server()).get(path).set("User-Agent", CHROME).expect(200));
    await times(100, () => supertest(server()).get(`${path}/flyer.pdf`).set("User-Agent", CHROME).expect(200));

    // Each server writes what it counted; the database counts the visitor once.
    await supertest(other).get(`/api/listings/${listing.id}/marketing`);
    const figures = (await member.get(`/api/listings/${listing.id}/marketing`).expect(200)).body;
    expect(figures).toMatchObject({ views: 1, visitors: 1, flyerDownloads: 1 });
  });

  it("counts a visitor's view again 30 minutes after the last one counted, and their flyer once a day", async () => {
    const listing = await createListing(ctx.db);
    let now = Date.parse("2026-11-27T09:00:00Z");
    const figures = new PageFigures(ctx.db, "secret", undefined, () => now);
    const visitor = { ip: "203.0.113.9", get: (name: string) => (name === "user-agent" ? SAFARI : undefined) } as unknown as Request;
    const visit = async (minutes: number, kind: "view" | "flyer" = "view") => {
      now += minutes * 60_000;
      figures.record(visitor, listing.id, kind);
      await figures.flush();
    };
    await visit(0);
    await visit(0, "flyer");
    await visit(VIEW_GAP_MS / 60_000 - 1);
    await visit(0, "flyer");
    // Another server's memory: only the database remembers the first view.
    await visit(1);
    await new PageFigures(ctx.db, "secret", undefined, () => now + 60_000).flush();
    await visit(10, "flyer");
    await visit(VIEW_GAP_MS / 60_000 - 1);
    await visit(1);

    const { days, visitors } = await findPageFigures(ctx.db, listing.id, "2026-11-27");
    expect(days).toEqual([{ day: "2026-11-27", views: 3, flyerDownloads: 1 }]);
    expect(visitors).toEqual([{ day: "2026-11-27", n: 1 }]);
  });

  it("a second server's first look at a visitor counted minutes ago adds nothing", async () => {
    const listing = await createListing(ctx.db);
    const at = Date.parse("2026-11-26T12:00:00Z");
    const visitor = { ip: "203.0.113.10", get: (name: string) => (name === "user-agent" ? CHROME : undefined) } as unknown as Request;
    for (const [offset, kind] of [[0, "view"], [5, "view"], [5, "flyer"], [6, "flyer"]] as const) {
      const figures = new PageFigures(ctx.db, "secret", undefined, () => at + offset * 60_000);
      figures.record(visitor, listing.id, kind);
      await figures.flush();
    }
    const { days } = await findPageFigures(ctx.db, listing.id, "2026-11-26");
    expect(days).toEqual([{ day: "2026-11-26", views: 1, flyerDownloads: 1 }]);
  });

  it("writes a batch of 50,000 distinct visitors, and the figures still answer", { timeout: TIMEOUT.slow }, async () => {
    const listing = await createListing(ctx.db);
    const day = new Date().toISOString().slice(0, 10);
    const at = new Date();
    const visits = Array.from({ length: 50_000 }, (_, n) => ({ listingId: listing.id, day, visitor: `flood-${n}`, at }));
    await addPageViews(ctx.db, visits, VIEW_GAP_MS / 1000);

    const figures = (await member.get(`/api/listings/${listing.id}/marketing`).expect(200)).body;
    expect(figures).toMatchObject({ views: 50_000, visitors: 50_000 });
  });
});
