// The flyer as a person gets it: read back with poppler's pdftotext, pdfinfo and pdffonts (Debian's
// poppler-utils, installed by .ci/run), so that what is checked is what a PDF reader shows.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Brand } from "../../../shared/brand.js";
import { eq } from "drizzle-orm";
import { listings } from "../../db/tables.js";
import { temporaryStorage } from "../../integrations/storage/local-storage.js";
import { createAgent, createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { uploadImage } from "../../test/uploads.js";
import { flyerHighlights } from "./flyer-content.js";
import { flyerFileName } from "./flyer-reply.js";

const storage = temporaryStorage();
let ctx: TestContext;
let admin: TestClient;
let member: TestClient;
let photoUrl: string;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "flyer-test-"));

const BRAND: Partial<Brand> = {
  brokerageName: "Summit Commercial Realty",
  phone: "(304) 555-0100",
  email: "office@summit.example.com",
  website: "https://summit.example.com",
  licenseNumber: "WV-0012345",
  accentColor: "#0A5C36",
};

const photo = (width: number, height: number, color: string) =>
  sharp({ create: { width, height, channels: 3, background: color } }).jpeg().toBuffer();

beforeAll(async () => {
  ctx = await createTestContext({ storage });
  admin = (await ctx.userAgent({ isAdmin: true })).agent;
  member = (await ctx.userAgent()).agent;
  photoUrl = await uploadImage(admin, await photo(1600, 1200, "#3366aa"));
  const logo = await uploadImage(admin, await sharp({ create: { width: 400, height: 120, channels: 4, background: "#0A5C36" } }).png().toBuffer());
  await admin.put("/api/brand").send({ ...BRAND, logoUrl: logo }).expect(200);
});
afterAll(async () => {
  await ctx.close();
  if (!process.env.KEEP_FLYERS) fs.rmSync(tmp, { recursive: true, force: true });
});

/** Fetches the flyer and reads it back: its text (layout kept), page count and size, fonts. */
async function readFlyer(listingId: string, query = "") {
  const res = await member.get(`/api/listings/${listingId}/flyer.pdf${query}`).buffer(true).parse(binary).expect(200);
  const file = path.join(tmp, `${listingId}${query.replace(/\W/g, "")}.pdf`);
  fs.writeFileSync(file, res.body as Buffer);
  const info = execFileSync("pdfinfo", [file], { encoding: "utf8" });
  return {
    res,
    bytes: res.body as Buffer,
    text: execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }),
    raw: execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }),
    pages: Number(/^Pages:\s+(\d+)/m.exec(info)![1]),
    size: /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(info)!.slice(1).map(Number),
    fonts: execFileSync("pdffonts", [file], { encoding: "utf8" }),
  };
}

/** supertest's parser for a body kept as bytes. */
const binary = ((res: NodeJS.ReadableStream, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on("data", (c: Buffer) => chunks.push(c));
  res.on("end", () => done(null, Buffer.concat(chunks)));
}) as unknown as Parameters<supertest.Test["parse"]>[0];

const ABSENT = ["undefined", "null", "NaN", "N/A", "$0"];
const expectNoAbsentWords = (text: string) => {
  for (const word of ABSENT) expect(text, `the flyer says "${word}"`).not.toContain(word);
};
/** pdftotext -layout keeps a line's parts apart with runs of spaces: squeeze them for matching. */
const squeezed = (text: string) => text.replace(/[ \t]+/g, " ");

describe("GET /api/listings/:id/flyer.pdf", () => {
  it("is a one-page letter PDF with embedded fonts, the sale facts, highlights, the agent and the brokerage", async () => {
    const agent = await createAgent(ctx.db, { name: "Dana Broker", phone: "304-555-0142", email: "dana@summit.example.com" });
    const listing = await createListing(ctx.db, {
      listingName: "Riverside Retail Center",
      address: "450 Riverside Dr",
      city: "Morgantown",
      state: "WV",
      zip: "26505",
      offeringType: "Sell",
      propertyType: "Retail",
      propertySubtype: "Strip Center",
      askingPrice: 1650000,
      buildingSizeSf: 20000,
      lotSizeAcres: 2.5,
      yearBuilt: 1998,
      zoning: "B-2",
      capRate: 7.25,
      propertyDescription: "Signalized corner with 28,000 VPD and 45 parking spaces. Newly renovated with pylon signage.",
      imageUrl: photoUrl,
      agentId: agent.id,
      notes: "SECRET-INTERNAL-NOTE",
      googleDriveLink: "https://drive.example.com/SECRET-DRIVE",
    });
    const flyer = await readFlyer(listing.id);
    expect(flyer.res.headers["content-type"]).toBe("application/pdf");
    expect(flyer.res.headers["content-disposition"]).toBe('attachment; filename="Riverside-Retail-Center-flyer.pdf"');
    expect(flyer.bytes.subarray(0, 5).toString()).toBe("%PDF-");
    expect(flyer.pages).toBe(1);
    expect(flyer.size).toEqual([612, 792]);
    // Every font embedded (the "emb" column) and none of the 14 standard ones that would not be.
    const fontRows = flyer.fonts.split("\n").slice(2).filter(Boolean);
    expect(fontRows.length).toBeGreaterThanOrEqual(2);
    for (const row of fontRows) expect(row).toMatch(/Inter.*\byes\b/);

    const text = squeezed(flyer.text);
    expect(text).toContain("FOR SALE");
    expect(text).toContain("Retail · Strip Center");
    expect(text).toContain("Riverside Retail Center");
    expect(text).toContain("450 Riverside Dr, Morgantown, WV 26505");
    for (const [label, value] of [
      ["Price", "$1,650,000"],
      ["Price / SF", "$82.50/SF"],
      ["Building Size", "20,000 SF"],
      ["Lot Size", "2.5 AC"],
      ["Year Built", "1998"],
      ["Zoning", "B-2"],
      ["Cap Rate", "7.25%"],
    ]) {
      expect(text).toMatch(new RegExp(`${label.replace(/[/$.]/g, "\\$&")} ${value.replace(/[/$.]/g, "\\$&")}`));
    }
    // Highlights: the posts writer's selling points, strongest first, six at most.
    for (const highlight of ["28,000 VPD", "45 parking spaces", "2.5 AC lot", "Zoning B-2"]) expect(flyer.raw).toContain(highlight);
    const highlights = flyerHighlights({ ...listing, addressConfidential: false });
    expect(highlights.length).toBe(6);
    for (const h of highlights) expect(flyer.raw.replace(/\s+/g, " ")).toContain(h);
    expect(text).toContain("Dana Broker");
    expect(text).toContain("304-555-0142");
    expect(text).toContain("dana@summit.example.com");
    expect(text).toContain("Summit Commercial Realty");
    expect(text).toContain("(304) 555-0100");
    expect(text).toContain("office@summit.example.com");
    expect(text).toContain("License WV-0012345");
    expect(text).toContain("Information deemed reliable but not guaranteed.");
    expect(text).not.toContain("SECRET");
    expectNoAbsentWords(flyer.raw);
  });

  it("leads a lease with its rate and available space, and leaves out every fact not set", async () => {
    const listing = await createListing(ctx.db, {
      offeringType: "Lease",
      leaseRate: 18.5,
      leaseRateUnit: "per SF/yr",
      leaseType: "NNN",
      availableSizeSf: 4200,
      propertyDescription: "Office suite.",
    });
    const flyer = await readFlyer(listing.id);
    const text = squeezed(flyer.text);
    expect(text).toContain("FOR LEASE");
    expect(text).toContain("Lease Rate $18.50 /SF/yr NNN");
    expect(text).toContain("Available 4,200 SF");
    for (const label of ["Price", "Building Size", "Lot Size", "Year Built", "Zoning", "Cap Rate"]) expect(text).not.toContain(label);
    // No agent: the brokerage is the contact, with its email.
    expect(text).toContain("office@summit.example.com");
    expectNoAbsentWords(flyer.raw);
  });

  it("shows a lease's available spaces as a table when it fits, else the range they make", async () => {
    const lease = (name: string) =>
      createListing(ctx.db, { listingName: name, offeringType: "Lease", leaseRate: 15, leaseRateUnit: "per SF/yr", buildingSizeSf: 200_000, imageUrl: photoUrl, propertyDescription: "Office building." });
    const add = (id: string, space: Record<string, unknown>) => member.post(`/api/listings/${id}/spaces`).send(space).expect(201);
    const few = await lease("Three Suites");
    await add(few.id, { suite: "200", floor: "2", sizeSf: 2_400, rate: 18.5, leaseType: "NNN", availableOn: "2027-03-01" });
    await add(few.id, { suite: "310", sizeSf: 9_800, rate: 16, leaseType: "NNN" });
    await add(few.id, { suite: "400", sizeSf: 5_000, rate: 4_500, rateUnit: "month", status: "pending" });
    const flyer = await readFlyer(few.id);
    expect(flyer.pages).toBe(1);
    const text = squeezed(flyer.text);
    expect(text).toContain("AVAILABLE SPACES");
    expect(text).toMatch(/Suite Size Rate Type Available/);
    expect(text).toContain("200 (fl. 2) 2,400 SF $18.50/SF/yr NNN Mar 1, 2027");
    expect(text).toContain("310 9,800 SF $16.00/SF/yr NNN Now");
    // A pending suite is not on offer; the facts carry the available spaces' range, not the listing's own rate.
    expect(text).not.toContain("$4,500.00/mo");
    expect(text).toContain("Lease Rate $16.00–$18.50/SF/yr NNN");
    expect(text).toContain("Available 2,400–9,800 SF available");
    expect(text).not.toContain("$15.00");

    const many = await lease("Tower");
    for (let floor = 1; floor <= 24; floor += 1) await add(many.id, { suite: `${floor}00`, floor: String(floor), sizeSf: 1_000 + floor * 100, rate: 20 + floor / 4, leaseType: "Full Service Gross" });
    const tall = await readFlyer(many.id);
    expect(tall.pages).toBe(1);
    const tallText = squeezed(tall.text);
    expect(tallText).toContain("AVAILABLE SPACES");
    expect(tallText).toContain("1,100–3,400 SF available; $20.25–$26.00/SF/yr Full Service Gross");
    expect(tallText).not.toMatch(/Suite Size Rate/);
    expectNoAbsentWords(tall.raw);
  });

  it.each([
    ["Transfer", "BUSINESS FOR SALE"],
    ["Sell/Lease", "FOR SALE OR LEASE"],
  ] as const)("heads a %s listing %s, and a sale without a price says Price Upon Request", async (offeringType, headline) => {
    const listing = await createListing(ctx.db, { offeringType, askingPrice: null, propertyType: null });
    const flyer = await readFlyer(listing.id);
    expect(flyer.text).toContain(headline);
    expect(squeezed(flyer.text)).toContain("Price Upon Request");
    expectNoAbsentWords(flyer.raw);
  });

  it("shows only the city and state of a confidential address", async () => {
    const listing = await createListing(ctx.db, { address: "77 Hidden Lane", city: "Wheeling", state: "WV", zip: "26003", addressConfidential: true });
    const flyer = await readFlyer(listing.id);
    expect(flyer.text).toContain("Wheeling, WV");
    expect(flyer.text).not.toContain("Hidden Lane");
    expect(flyer.text).not.toContain("26003");
  });

  it("keeps a 120-character name and a 2,000-character description on one page", async () => {
    const name = `${"Very Long Industrial Park Name ".repeat(4)}`.slice(0, 120);
    const description = `${"Warehouse with dock-high doors and heavy power throughout the building. ".repeat(30)}`.slice(0, 2000);
    const listing = await createListing(ctx.db, { listingName: name, propertyDescription: description, offeringType: "Sell", askingPrice: 2500000, imageUrl: photoUrl });
    const flyer = await readFlyer(listing.id);
    expect(flyer.pages).toBe(1);
    expect(flyer.raw.replace(/\s+/g, " ")).toContain(name.trim());
    // Cut with an ellipsis where the room ends.
    expect(flyer.raw).toContain("…");
    expectNoAbsentWords(flyer.raw);
  });

  it("shows the gallery's confirmed photos, cover first, up to four, and never one awaiting confirmation", async () => {
    const listing = await createListing(ctx.db, { offeringType: "Sell" });
    const colours = ["#112233", "#445566", "#778899", "#99aabb", "#ccddee", "#eeddcc"];
    const ids: number[] = [];
    for (const colour of colours) {
      const url = await uploadImage(member, await photo(640 + ids.length, 480, colour));
      const res = await member.post(`/api/listings/${listing.id}/photos`).send({ url }).expect(201);
      ids.push((res.body as { id: number }).id);
    }
    const imagesIn = async () => {
      const flyer = await readFlyer(listing.id);
      const file = path.join(tmp, `${listing.id}-images.pdf`);
      fs.writeFileSync(file, flyer.bytes);
      // pdfimages -list: two header lines, then a line per image drawn ("image") or its alpha mask
      // ("smask": the brand's logo has one).
      const lines = execFileSync("pdfimages", ["-list", file], { encoding: "utf8" }).trim().split("\n").slice(2);
      return lines.filter((line) => line.trim().split(/\s+/)[2] === "image").length;
    };
    expect(await imagesIn()).toBe(4 + 1);
    // Five of six awaiting confirmation: the flyer shows the one confirmed photo and the logo.
    for (const id of ids.slice(1)) await member.patch(`/api/listings/${listing.id}/photos/${id}`).send({ rightsConfirmed: false }).expect(200);
    expect(await imagesIn()).toBe(1 + 1);
  });

  it("shows a map of the listing's place under the facts, but not for a confidential address or a listing without a point", async () => {
    const imagesOf = async (listingId: string) => {
      const flyer = await readFlyer(listingId);
      const file = path.join(tmp, `${listingId}-map.pdf`);
      fs.writeFileSync(file, flyer.bytes);
      const lines = execFileSync("pdfimages", ["-list", file], { encoding: "utf8" }).trim().split("\n").slice(2);
      return { etag: flyer.res.headers.etag as string, images: lines.filter((line) => line.trim().split(/\s+/)[2] === "image").map((line) => line.trim().split(/\s+/).slice(3, 5).join("x")) };
    };
    const point = { latitude: 40.064, longitude: -80.721, locationPrecision: "zip" as const };
    const placed = await createListing(ctx.db, { offeringType: "Sell", askingPrice: 900000, ...point });
    // The logo, and the map at twice its box in pixels.
    expect((await imagesOf(placed.id)).images).toEqual(expect.arrayContaining(["380x190"]));
    expect((await imagesOf(placed.id)).images).toHaveLength(2);
    const confidential = await createListing(ctx.db, { offeringType: "Sell", addressConfidential: true, ...point });
    expect((await imagesOf(confidential.id)).images).toHaveLength(1);
    const nowhere = await createListing(ctx.db, { offeringType: "Sell" });
    expect((await imagesOf(nowhere.id)).images).toHaveLength(1);
    // A geocoder moves the point without a new version: the flyer is made again all the same.
    const before = (await imagesOf(placed.id)).etag;
    await ctx.db.update(listings).set({ latitude: 40.07, locationPrecision: "street" }).where(eq(listings.id, placed.id));
    expect((await imagesOf(placed.id)).etag).not.toBe(before);
  });

  it("prints on A4 when asked, and refuses any other paper with 400", async () => {
    const listing = await createListing(ctx.db);
    const a4 = await readFlyer(listing.id, "?paper=a4");
    expect(a4.pages).toBe(1);
    expect(a4.size).toEqual([595.28, 841.89]);
    const letter = await readFlyer(listing.id, "?paper=letter");
    expect(letter.size).toEqual([612, 792]);
    for (const bad of ["legal", "A4", "", "a4&paper=letter"]) {
      const res = await member.get(`/api/listings/${listing.id}/flyer.pdf?paper=${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.errors).toEqual({ paper: "paper must be letter or a4" });
    }
  });

  it("answers an unchanged flyer with 304 for its ETag and the same bytes from the cache, and a new ETag once the listing, its agent or the brand changes", async () => {
    const agent = await createAgent(ctx.db);
    const listing = await createListing(ctx.db, { agentId: agent.id });
    const first = await readFlyer(listing.id);
    const etag = first.res.headers.etag;
    expect(etag).toMatch(/^"flyer-[\w-]+"$/);
    expect(first.res.headers["cache-control"]).toBe("private, no-cache");
    await member.get(`/api/listings/${listing.id}/flyer.pdf`).set("If-None-Match", etag).expect(304);
    // The PDF carries its creation time: identical bytes mean the cache answered.
    const again = await member.get(`/api/listings/${listing.id}/flyer.pdf`).buffer(true).parse(binary).expect(200);
    expect(Buffer.compare(again.body as Buffer, first.bytes)).toBe(0);

    const etags = new Set([etag]);
    await member.put(`/api/listings/${listing.id}`).send({ listingName: "Renamed For The Flyer" }).expect(200);
    etags.add((await member.get(`/api/listings/${listing.id}/flyer.pdf`).set("If-None-Match", etag).expect(200)).headers.etag);
    await member.patch(`/api/agents/${agent.id}`).send({ phone: "304-555-0177" }).expect(200);
    const afterAgent = await readFlyer(listing.id);
    expect(afterAgent.text).toContain("304-555-0177");
    etags.add(afterAgent.res.headers.etag);
    // Another person's change, heard through the change bus as every app server hears it.
    await ctx.afterChange(() => admin.put("/api/brand").send({ brokerageName: "Renamed Realty" }).expect(200));
    const afterBrand = await readFlyer(listing.id);
    expect(afterBrand.text).toContain("Renamed Realty");
    etags.add(afterBrand.res.headers.etag);
    expect(etags.size).toBe(4);
    await ctx.afterChange(() => admin.put("/api/brand").send({ brokerageName: BRAND.brokerageName }).expect(200));
  });

  it("is 404 for a listing that does not exist, and turns the signed-out away", async () => {
    const listing = await createListing(ctx.db);
    await supertest(ctx.app).get(`/api/listings/${listing.id}/flyer.pdf`).expect(401);
    await member.get("/api/listings/00000000-0000-4000-8000-000000000000/flyer.pdf").expect(404);
    await member.get("/api/listings/not-a-listing/flyer.pdf").expect(404);
  });
});

describe("a listing deleted while its flyer is made", () => {
  it("gets 404, not the flyer", async () => {
    // The storage read of the photo is the moment the render is under way: the listing goes then.
    let deleteDuringRender: (() => Promise<void>) | null = null;
    const slow = temporaryStorage();
    const racing = await createTestContext({
      storage: {
        ...slow,
        read: async (name: string) => {
          if (deleteDuringRender && name.startsWith("images/")) await deleteDuringRender();
          return slow.read(name);
        },
      },
    });
    try {
      const client = (await racing.userAgent()).agent;
      const image = await uploadImage(client, await photo(800, 600, "#aa3366"));
      const listing = await createListing(racing.db, { imageUrl: image });
      deleteDuringRender = async () => {
        deleteDuringRender = null;
        await racing.db.delete(listings).where(eq(listings.id, listing.id));
      };
      const res = await client.get(`/api/listings/${listing.id}/flyer.pdf`);
      expect(res.status).toBe(404);
      expect(res.body.message).toBe("Listing not found");
    } finally {
      await racing.close();
    }
  });
});

describe("flyerFileName", () => {
  it("keeps letters, digits and dashes, and never comes out empty", () => {
    expect(flyerFileName('Main St. "Plaza" / Unit #4')).toBe("Main-St-Plaza-Unit-4-flyer.pdf");
    expect(flyerFileName("Café Délice")).toBe("Cafe-Delice-flyer.pdf");
    expect(flyerFileName("中文")).toBe("listing-flyer.pdf");
    expect(flyerFileName("x".repeat(200))).toBe(`${"x".repeat(80)}-flyer.pdf`);
  });
});
