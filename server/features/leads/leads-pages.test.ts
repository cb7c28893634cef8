// Every lead, however many: GET /api/leads in pages
// that together hold each lead once, the export streaming all of them with the inquiries' columns,
// the lead's own address, and the inquiry's message where the team works (prospects, timeline, bell).
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INQUIRY_KIND, LEADS_PAGE_SIZE, type LeadDetail, type LeadSummary, type Prospect } from "../../../shared/leads.js";
import { createLeads, createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { recordInquiry } from "./service.js";
import { TIMEOUT } from "../../../testing/timeouts.ts";

const MANY = 1200;
let ctx: TestContext;
let member: TestClient;
let admin: TestClient;
let bulkIds: number[];
let asker: { leadId: number; listingId: string };

beforeAll(async () => {
  ctx = await createTestContext();
  member = (await ctx.userAgent()).agent;
  admin = (await ctx.userAgent({ isAdmin: true })).agent;
  bulkIds = await createLeads(ctx.db, MANY - 1, { prefix: "bulk" });
  // The one lead that asked: two inquiries, the first as a 1031 buyer, the second with a formula.
  const listing = await createListing(ctx.db, { listingName: "Riverside Flex" });
  const person = { name: "Priya Natarajan", email: "priya@example.com", phone: null, company: null, role: "principal" as const };
  const alerts = { sendsMail: false, origin: "http://localhost" };
  await recordInquiry(ctx.db, listing, { ...person, message: "Is the roof new?", exchange1031: true }, alerts);
  const leadId = await recordInquiry(ctx.db, listing, { ...person, message: "=HYPERLINK(\"http://evil\")\nAlso: send the rent roll, T-12 and OM.", exchange1031: false }, alerts);
  asker = { leadId, listingId: listing.id };
}, TIMEOUT.slow);
afterAll(() => ctx.close());

const nextLink = (link: string | undefined) => /<([^>]+)>;\s*rel="next"/.exec(link ?? "")?.[1];

/** Every page from `first`, following the Link headers. */
async function allPages(first: string): Promise<LeadSummary[][]> {
  const pages: LeadSummary[][] = [];
  for (let url: string | undefined = first; url; ) {
    const res = await member.get(url).expect(200);
    pages.push(res.body as LeadSummary[]);
    url = nextLink(res.headers.link);
  }
  return pages;
}

describe("GET /api/leads in pages", () => {
  it("answers 1,200 leads in pages that hold each exactly once, newest activity first, the next page named in a Link header", async () => {
    const pages = await allPages("/api/leads");
    expect(pages).toHaveLength(Math.ceil(MANY / LEADS_PAGE_SIZE));
    expect(pages.slice(0, -1).every((p) => p.length === LEADS_PAGE_SIZE)).toBe(true);
    const ids = pages.flat().map((l) => l.id);
    expect(ids).toHaveLength(MANY);
    expect(new Set(ids).size).toBe(MANY);
    expect(new Set(ids)).toEqual(new Set([...bulkIds, asker.leadId]));
    // The one that asked is the newest; among equal times the higher id comes first.
    expect(ids[0]).toBe(asker.leadId);
    expect(ids.slice(1)).toEqual([...bulkIds].sort((a, b) => b - a));
  });

  it("pages a search too, with the page size asked for, and the filter kept in the next link", async () => {
    // "Person 1" matches 1, 10–19, 100–199 and 1000–1198: 1 + 10 + 100 + 199 leads.
    const pages = await allPages("/api/leads?q=Person%201&limit=50");
    const names = pages.flat().map((l) => l.name);
    expect(pages[0]).toHaveLength(50);
    expect(names).toHaveLength(310);
    expect(new Set(names).size).toBe(310);
    expect(names.every((n) => /^bulk Person 1/.test(n))).toBe(true);
  });

  it("sums up each lead's inquiries: how many, the latest message in full, and whether any said 1031", async () => {
    const [first] = (await member.get("/api/leads?limit=1").expect(200)).body as LeadSummary[];
    expect(first).toMatchObject({ id: asker.leadId, inquiryCount: 2, exchange1031: true, latestMessage: "=HYPERLINK(\"http://evil\")\nAlso: send the rent roll, T-12 and OM." });
    const [quiet] = (await member.get(`/api/leads?q=${encodeURIComponent("bulk.7@example.com")}`).expect(200)).body as LeadSummary[];
    expect(quiet).toMatchObject({ inquiryCount: 0, exchange1031: false, latestMessage: null });
  });

  it("refuses a cursor it did not give out, and a page size out of range, with a message", async () => {
    for (const cursor of ["nonsense", Buffer.from('["yesterday", 4]').toString("base64url"), Buffer.from('["2026-11-01T12:00:00.000000Z", -1]').toString("base64url"), Buffer.from('["2026-02-30T12:00:00.000000Z", 4]').toString("base64url")]) {
      const res = await member.get(`/api/leads?cursor=${cursor}`).expect(400);
      expect(res.body.message).toBe("The cursor is not one this server gave out");
    }
    for (const limit of ["0", "501", "ten"]) {
      const res = await member.get(`/api/leads?limit=${limit}`).expect(400);
      expect(res.body.message).toBe("limit must be a whole number from 1 to 500");
    }
  });
});

describe("GET /api/leads/export.csv", () => {
  it("streams every one of 1,200 leads with the inquiries' columns, formulas neutralised", async () => {
    const res = await member.get("/api/leads/export.csv").buffer(true).parse((r, done) => {
      let text = "";
      r.on("data", (chunk: Buffer) => (text += chunk.toString("utf8")));
      r.on("end", () => done(null, text));
    });
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    const [header, ...rows] = Papa.parse<string[]>(res.body as string, { skipEmptyLines: true }).data;
    expect(header).toEqual(["Name", "Email", "Phone", "Company", "Role", "Source", "Created", "Last Activity", "Listings", "Inquiries", "1031 Exchange", "Latest Message"]);
    expect(rows).toHaveLength(MANY);
    expect(new Set(rows.map((r) => r[1])).size).toBe(MANY);
    const priya = rows.find((r) => r[1] === "priya@example.com");
    expect(priya?.slice(8)).toEqual(["Riverside Flex (inquired)", "2", "Yes", "'=HYPERLINK(\"http://evil\")\nAlso: send the rent roll, T-12 and OM."]);
    expect(rows.find((r) => r[1] === "bulk.7@example.com")?.slice(9)).toEqual(["0", "No", ""]);
  });
});

describe("the lead's own address and the message where the team works", () => {
  it("GET /api/leads/:id answers the lead with every inquiry in full; an unknown or malformed id is 404", async () => {
    const lead = (await member.get(`/api/leads/${asker.leadId}`).expect(200)).body as LeadDetail;
    expect(lead.inquiries.map((q) => [q.message, q.exchange1031])).toEqual([
      ["=HYPERLINK(\"http://evil\")\nAlso: send the rent roll, T-12 and OM.", false],
      ["Is the roof new?", true],
    ]);
    expect(lead.latestMessage).toContain("send the rent roll");
    for (const id of ["999999", "0", "abc", "1.5"]) {
      const res = await member.get(`/api/leads/${id}`).expect(404);
      expect(res.body.message).toBe("Lead not found");
    }
  });

  it("shows each prospect's latest message about the listing", async () => {
    const prospects = (await member.get(`/api/listings/${asker.listingId}/prospects`).expect(200)).body as Prospect[];
    expect(prospects).toHaveLength(1);
    expect(prospects[0]).toMatchObject({ leadId: asker.leadId, latestMessage: expect.stringContaining("send the rent roll") });
  });

  it("puts each inquiry on the listing's timeline, with who asked and what", async () => {
    const { entries } = (await member.get(`/api/listings/${asker.listingId}/activity`).expect(200)).body as { entries: { kind: string; actor: unknown; details?: Record<string, unknown> }[] };
    const asked = entries.filter((e) => e.kind === INQUIRY_KIND);
    expect(asked).toHaveLength(2);
    expect(asked[0]).toMatchObject({ actor: null, details: { leadId: asker.leadId, name: "Priya Natarajan", exchange1031: false, message: expect.stringContaining("send the rent roll") } });
  });

  it("names the lead in the inquiry's notification, so the bell opens the lead's page", async () => {
    const notices = (await admin.get("/api/notifications").expect(200)).body as { type: string; leadId: number | null }[];
    const inquiries = notices.filter((n) => n.type === "inquiry");
    expect(inquiries).toHaveLength(2);
    expect(inquiries.every((n) => n.leadId === asker.leadId)).toBe(true);
  });
});
