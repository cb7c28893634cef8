// The offering memorandum as a person gets it: read back with poppler's pdftotext and pdfinfo
// (Debian's poppler-utils, installed by .ci/run), so that what is checked is what a reader shows.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import type supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_OM_SECTIONS, OM_SECTIONS, type OmBuilder, type OmSectionChoice } from "../../../shared/om-sections.js";
import { formatDollars } from "../../../shared/parse/money.js";
import { todayCalendarDate } from "../../../shared/parse/dates.js";
import { walt } from "../../../shared/rent-roll-figures.js";
import { temporaryStorage } from "../../integrations/storage/local-storage.js";
import { createAgent, createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { uploadImage } from "../../test/uploads.js";
import { createOmService } from "./service.js";
import { TIMEOUT } from "../../../testing/timeouts.js";

const storage = temporaryStorage();
let ctx: TestContext;
let admin: TestClient;
let member: TestClient;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "om-test-"));

const binary = ((res: NodeJS.ReadableStream, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on("data", (c: Buffer) => chunks.push(c));
  res.on("end", () => done(null, Buffer.concat(chunks)));
}) as unknown as Parameters<supertest.Test["parse"]>[0];

const photo = (width: number, height: number, color: string) => sharp({ create: { width, height, channels: 3, background: color } }).jpeg().toBuffer();

function readPdf(bytes: Buffer, name: string) {
  const file = path.join(tmp, `${name}.pdf`);
  fs.writeFileSync(file, bytes);
  const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
  return {
    bytes,
    text: execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }).replace(/\s+/g, " "),
    pages: Number(/^Pages:\s+(\d+)/m.exec(info)![1]),
    fonts: execFileSync("pdffonts", [file], { encoding: "utf8" }),
  };
}

async function readOm(listingId: string) {
  const res = await member.get(`/api/listings/${listingId}/om.pdf`).buffer(true).parse(binary).expect(200);
  return { res, ...readPdf(res.body as Buffer, `${listingId}-${Date.now()}`) };
}

const BRAND = { brokerageName: "Summit Commercial Realty", phone: "(304) 555-0100", accentColor: "#0A5C36", disclaimer: "CONFIDENTIAL-BRAND-TERMS: this memorandum is for the recipient only." };
const BASE_RENT = 96_000;

/** A listing for sale with a rent roll of two, a statement, a space and two photos (one unconfirmed). */
async function investmentListing() {
  const agent = await createAgent(ctx.db, { name: "Dana Broker", phone: "304-555-0142", email: "dana@summit.example.com" });
  const listing = await createListing(ctx.db, {
    listingName: "Riverside Retail Center",
    address: "450 Riverside Dr",
    city: "Morgantown",
    state: "WV",
    zip: "26505",
    offeringType: "Sell",
    propertyType: "Retail",
    askingPrice: 1_600_000,
    buildingSizeSf: 8000,
    yearBuilt: 1998,
    zoning: "B-2",
    propertyDescription: "Signalized corner with 28,000 VPD and 45 parking spaces. Newly renovated with pylon signage.",
    agentId: agent.id,
    notes: "SECRET-INTERNAL-NOTE",
    latitude: 39.63,
    longitude: -79.95,
    locationPrecision: "zip",
  });
  const tenants = [
    { tenant: "Corner Cafe", suite: "100", sizeSf: 2000, leaseStart: "2022-01-01", leaseEnd: "2031-12-31", annualRent: 48_000, notes: "SECRET-TENANT-NOTE" },
    { tenant: "Valley Dental", suite: "200", sizeSf: 3000, leaseStart: "2023-06-01", leaseEnd: "2033-05-31", annualRent: 48_000 },
  ];
  for (const t of tenants) await member.post(`/api/listings/${listing.id}/rent-roll`).send(t).expect(201);
  await member
    .put(`/api/listings/${listing.id}/operating-statement`)
    .send({ t12: { income: [{ category: "Base rent", amount: BASE_RENT }, { category: "Reimbursements", amount: 24_000 }], expenses: [{ category: "Taxes", amount: 20_000 }] } })
    .expect(200);
  await member.post(`/api/listings/${listing.id}/spaces`).send({ suite: "300", sizeSf: "3,000 SF", rate: "$18.50", rateUnit: "SF/yr", leaseType: "NNN" }).expect(201);
  for (const [caption, confirmed] of [["Front elevation", true], ["UNCONFIRMED-CAPTION", false]] as const) {
    const url = await uploadImage(member, await photo(800, 600, confirmed ? "#336699" : "#993366"));
    const added = await member.post(`/api/listings/${listing.id}/photos`).send({ url, caption }).expect(201);
    if (!confirmed) await member.patch(`/api/listings/${listing.id}/photos/${(added.body as { id: number }).id}`).send({ rightsConfirmed: false }).expect(200);
  }
  return { listing, tenants };
}

beforeAll(async () => {
  ctx = await createTestContext({ storage });
  admin = (await ctx.userAgent({ isAdmin: true })).agent;
  member = (await ctx.userAgent()).agent;
  await admin.put("/api/brand").send(BRAND).expect(200);
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(tmp, { recursive: true, force: true });
});

const titleOf = (key: string) => OM_SECTIONS.find((s) => s.key === key)!.title;

describe("GET /api/listings/:id/om.pdf", () => {
  it("prints every section's heading and the computed figures, with page numbers, a version stamp, embedded fonts and bookmarks", async () => {
    const { listing, tenants } = await investmentListing();
    const om = await readOm(listing.id);
    expect(om.res.headers["content-type"]).toBe("application/pdf");
    expect(om.res.headers["content-disposition"]).toBe('attachment; filename="Riverside-Retail-Center-OM.pdf"');
    for (const s of OM_SECTIONS.filter((s) => s.key !== "cover")) expect(om.text).toContain(s.title);
    expect(om.text).toContain("OFFERING MEMORANDUM");
    expect(om.text).toContain(BRAND.disclaimer);
    // Price, $/SF, and what the statement and rent roll compute: NOI 120,000 − 20,000; cap 100,000 / 1.6M.
    for (const figure of ["$1,600,000", "$200.00/SF", "$100,000", "6.25%", "62.5%", `${walt(tenants.map((t) => ({ ...t })), todayCalendarDate(new Date()))!.toFixed(1)} years`, formatDollars(BASE_RENT)]) {
      expect(om.text).toContain(figure);
    }
    expect(om.text).toContain("Corner Cafe");
    expect(om.text).toContain("Front elevation");
    expect(om.text).toContain("$18.50/SF/yr");
    expect(om.text).toContain("Dana Broker");
    expect(om.text).toContain("Summit Commercial Realty");
    // Never the team's own words, nor a photo nobody has cleared.
    for (const secret of ["SECRET-INTERNAL-NOTE", "SECRET-TENANT-NOTE", "UNCONFIRMED-CAPTION"]) expect(om.text).not.toContain(secret);
    expect(om.text).toContain(`Page ${om.pages} of ${om.pages}`);
    expect(om.pages).toBeGreaterThanOrEqual(13);
    expect(om.text).toMatch(/OM v1, \d{4}-\d{2}-\d{2}/);
    const fontRows = om.fonts.split("\n").slice(2).filter(Boolean);
    for (const row of fontRows) expect(row).toMatch(/Inter.*\byes\b/);
    expect(om.bytes.toString("latin1")).toContain("/Outlines");
    expect(om.bytes.toString("latin1")).toContain("/Dests");
  });

  it("leaves out the sections turned off, follows the order saved, and a 304 answers the same version", async () => {
    const { listing } = await investmentListing();
    const sections: OmSectionChoice[] = DEFAULT_OM_SECTIONS.map((s) => ({ ...s, enabled: s.key !== "highlights" }));
    // The team moves the rent roll before the executive summary.
    const at = (key: string) => sections.findIndex((s) => s.key === key);
    const [roll] = sections.splice(at("rent-roll"), 1);
    sections.splice(at("executive-summary"), 0, roll);
    const saved = await member.put(`/api/listings/${listing.id}/om`).send({ sections }).expect(200);
    expect((saved.body as OmBuilder).sections.map((s) => s.key)).toEqual(sections.map((s) => s.key));
    const om = await readOm(listing.id);
    expect(om.text).not.toContain(titleOf("highlights"));
    const body = om.text.slice(om.text.indexOf(BRAND.disclaimer));
    expect(body.indexOf(`${titleOf("rent-roll")} Tenant`)).toBeLessThan(body.indexOf(`${titleOf("executive-summary")} Price`));
    // Its first version: the OM was never made before the team chose its sections.
    expect(om.text).toContain("OM v1");
    await member.get(`/api/listings/${listing.id}/om.pdf`).set("If-None-Match", om.res.headers.etag as string).expect(304);
  });

  it("raises the version when what it is made from changes, and only then", async () => {
    const { listing } = await investmentListing();
    const first = await member.get(`/api/listings/${listing.id}/om`).expect(200);
    expect((first.body as OmBuilder).version).toBe(1);
    expect((await member.get(`/api/listings/${listing.id}/om`).expect(200)).body.version).toBe(1);
    await member.post(`/api/listings/${listing.id}/rent-roll`).send({ tenant: "New Tenant", sizeSf: 1000, annualRent: 20_000 }).expect(201);
    expect((await member.get(`/api/listings/${listing.id}/om`).expect(200)).body.version).toBe(2);
    expect((await readOm(listing.id)).text).toContain("OM v2");
  });

  it("makes the same bytes for the same data", async () => {
    const { listing } = await investmentListing();
    // Two services, so that the second renders anew rather than answering from the first's cache.
    const readImage = async () => null;
    const today = () => "2026-11-29";
    const a = await createOmService({ db: ctx.db, readImage, today }).om(listing.id, undefined);
    const b = await createOmService({ db: ctx.db, readImage, today }).om(listing.id, undefined);
    expect(a.pdf!.length).toBeGreaterThan(1000);
    expect(a.pdf!.equals(b.pdf!)).toBe(true);
  });

  it("cuts each photo to its box once: a later version of the OM reads no original again", async () => {
    const { listing } = await investmentListing();
    const front = await photo(800, 600, "#336699");
    const reads: string[] = [];
    // The app's image store stands behind this reader: every url answers the confirmed photo's bytes.
    const readImage = async (url: string) => {
      reads.push(url);
      return front;
    };
    const oms = createOmService({ db: ctx.db, readImage, today: () => "2026-11-29" });
    const first = await oms.om(listing.id, undefined);
    // The cover and the photos page: one original, cut to two boxes.
    expect(reads).toHaveLength(2);
    await member.post(`/api/listings/${listing.id}/rent-roll`).send({ tenant: "New Tenant", sizeSf: 1000, annualRent: 20_000 }).expect(201);
    const second = await oms.om(listing.id, undefined);
    expect(second.etag).not.toBe(first.etag);
    expect(readPdf(second.pdf!, `${listing.id}-cut-once`).text).toContain("OM v2");
    expect(reads).toHaveLength(2);
  });

  it("cuts the photos when the builder opens, for a listing with income, so that the download reads no original", async () => {
    const { listing } = await investmentListing();
    const bare = await createListing(ctx.db, { offeringType: "Sell", askingPrice: 500_000, listingName: "No Income Yet" });
    const bareUrl = await uploadImage(member, await photo(800, 600, "#669933"));
    await member.post(`/api/listings/${bare.id}/photos`).send({ url: bareUrl, caption: "Lot" }).expect(201);
    const front = await photo(800, 600, "#336699");
    const reads: string[] = [];
    const readImage = async (url: string) => {
      reads.push(url);
      return front;
    };
    const oms = createOmService({ db: ctx.db, readImage, today: () => "2026-11-29" });
    // A listing with neither rent roll nor statement is not made ready: its builder opens first,
    // so its photo would be read before the next listing's.
    await oms.builder(bare.id);
    await oms.builder(listing.id);
    // The cover and the photos page: one original, cut to two boxes, before any download.
    await expect.poll(() => reads.length, { timeout: TIMEOUT.condition }).toBe(2);
    expect(reads).not.toContain(bareUrl);
    const om = await oms.om(listing.id, undefined);
    expect(readPdf(om.pdf!, `${listing.id}-ahead`).text).toContain("Front elevation");
    expect(reads).toHaveLength(2);
  });

  it("leaves the rent roll's sections out of a listing without one, and the builder says why", async () => {
    const listing = await createListing(ctx.db, { offeringType: "Sell", askingPrice: 500_000, listingName: "Vacant Lot" });
    const builder = (await member.get(`/api/listings/${listing.id}/om`).expect(200)).body as OmBuilder;
    const omitted = Object.fromEntries(builder.sections.map((s) => [s.key, s.omitted]));
    expect(omitted["rent-roll"]).toBe("No rent roll yet");
    expect(omitted.tenants).toBe("No rent roll yet");
    expect(omitted["lease-expirations"]).toBe("No rent roll yet");
    expect(omitted["executive-summary"]).toBeNull();
    const om = await readOm(listing.id);
    for (const key of ["rent-roll", "tenants", "lease-expirations", "operating-statement"]) expect(om.text).not.toContain(titleOf(key));
    expect(om.text).toContain(titleOf("executive-summary"));
    expect(om.text).not.toContain("Occupancy");
  });

  it("shows the reconciliation's warning in the builder and never prints it", async () => {
    const { listing } = await investmentListing();
    await member
      .put(`/api/listings/${listing.id}/operating-statement`)
      .send({ t12: { income: [{ category: "Base rent", amount: 150_000 }], expenses: [] } })
      .expect(200);
    const builder = (await member.get(`/api/listings/${listing.id}/om`).expect(200)).body as OmBuilder;
    expect(builder.warnings).toHaveLength(1);
    const om = await readOm(listing.id);
    expect(om.text).not.toContain(builder.warnings[0].slice(0, 30).replace(/\s+/g, " "));
  });
});

describe("OM sections", () => {
  it("refuses a list that turns off or moves the cover or confidentiality page, or names a section twice or unknown, and changes nothing", async () => {
    const listing = await createListing(ctx.db);
    const off = DEFAULT_OM_SECTIONS.map((s) => ({ ...s, enabled: s.key !== "confidentiality" }));
    const res = await member.put(`/api/listings/${listing.id}/om`).send({ sections: off }).expect(400);
    expect(res.body.message).toContain("always first and always on");
    await member.put(`/api/listings/${listing.id}/om`).send({ sections: [...DEFAULT_OM_SECTIONS, { key: "team", enabled: true }] }).expect(400);
    const unknown = await member.put(`/api/listings/${listing.id}/om`).send({ sections: [...DEFAULT_OM_SECTIONS.slice(0, 3), { key: "gossip", enabled: true }] }).expect(400);
    expect(unknown.body.message).toContain("Unknown section");
    expect(((await member.get(`/api/listings/${listing.id}/om`).expect(200)).body as OmBuilder).usesDefaults).toBe(true);
  });

  it("follows the brokerage's defaults until the listing saves its own", async () => {
    const listing = await createListing(ctx.db);
    const defaults = DEFAULT_OM_SECTIONS.map((s) => ({ ...s, enabled: s.key !== "photos" }));
    await member.put("/api/settings/om-defaults").send({ sections: defaults }).expect(403);
    await admin.put("/api/settings/om-defaults").send({ sections: defaults }).expect(200);
    const builder = (await member.get(`/api/listings/${listing.id}/om`).expect(200)).body as OmBuilder;
    expect(builder.usesDefaults).toBe(true);
    expect(builder.sections.find((s) => s.key === "photos")!.enabled).toBe(false);
    await admin.put("/api/settings/om-defaults").send({ sections: DEFAULT_OM_SECTIONS }).expect(200);
  });
});
