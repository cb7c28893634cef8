// The flyer's finish, read back as a person gets it: poppler's pdftotext for the words (the whole
// license, the type named once, the captions, the market status), pdfimages for how each picture
// is drawn (a plan uncut), and the page rendered by pdftoppm and read by a QR reader for where
// its code leads (docs/decisions/365-flyer-plans-whole-and-page-qr.md).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import decodeQR from "qr/decode.js";
import sharp from "sharp";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { temporaryStorage } from "../../integrations/storage/local-storage.js";
import { createAgent, createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { uploadImage } from "../../test/uploads.js";
import { flyerPropertyKind } from "./flyer-content.js";

const storage = temporaryStorage();
let ctx: TestContext;
let admin: TestClient;
let member: TestClient;
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "flyer-finish-"));

const LICENSE = "WV-0012345678 / OH-BRK.2019004567";
const OFFICE_ADDRESS = "1200 Market Street, Suite 400, Wheeling, WV 26003";
const ORIGIN = "https://desk.example.com";

const picture = (width: number, height: number, color: string) =>
  sharp({ create: { width, height, channels: 3, background: color } }).jpeg().toBuffer();

beforeAll(async () => {
  ctx = await createTestContext({ storage });
  admin = (await ctx.userAgent({ isAdmin: true })).agent;
  member = (await ctx.userAgent()).agent;
  const logo = await uploadImage(admin, await sharp({ create: { width: 400, height: 120, channels: 4, background: "#0A5C36" } }).png().toBuffer());
  await admin
    .put("/api/brand")
    .send({
      brokerageName: "Summit Commercial Realty",
      phone: "(304) 555-0100",
      email: "office@summit.example.com",
      website: "https://summit.example.com",
      address: OFFICE_ADDRESS,
      licenseNumber: LICENSE,
      logoUrl: logo,
      accentColor: "#0A5C36",
    })
    .expect(200);
  await ctx.afterChange(() => admin.put("/api/settings/app-address").send({ address: ORIGIN }).expect(200));
});
afterAll(async () => {
  await ctx.close();
  if (!process.env.KEEP_FLYERS) fs.rmSync(tmp, { recursive: true, force: true });
});

/** supertest's parser for a body kept as bytes. */
const binary = ((res: NodeJS.ReadableStream, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on("data", (c: Buffer) => chunks.push(c));
  res.on("end", () => done(null, Buffer.concat(chunks)));
}) as unknown as Parameters<supertest.Test["parse"]>[0];

let files = 0;
/** The flyer of a listing, saved for poppler; its text as read in order and with the layout kept. */
async function readFlyer(listingId: string, query = "") {
  const res = await member.get(`/api/listings/${listingId}/flyer.pdf${query}`).buffer(true).parse(binary).expect(200);
  files += 1;
  const file = path.join(tmp, `flyer-${files}.pdf`);
  fs.writeFileSync(file, res.body as Buffer);
  const pages = Number(/^Pages:\s+(\d+)/m.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }))![1]);
  return {
    file,
    etag: res.headers.etag as string,
    pages,
    raw: execFileSync("pdftotext", [file, "-"], { encoding: "utf8" }),
    layout: execFileSync("pdftotext", ["-layout", file, "-"], { encoding: "utf8" }),
  };
}

/** Every picture drawn on the page (pdfimages -list): its pixels and its resolution across and down. */
function imagesOf(file: string) {
  return execFileSync("pdfimages", ["-list", file], { encoding: "utf8" })
    .trim()
    .split("\n")
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols[2] === "image")
    .map((cols) => ({ width: Number(cols[3]), height: Number(cols[4]), xPpi: Number(cols[12]), yPpi: Number(cols[13]) }));
}

/** The QR code on the page, as a phone would read it: the page rendered at 150 dpi, then decoded. */
async function qrTarget(file: string): Promise<string> {
  execFileSync("pdftoppm", ["-r", "150", "-png", "-singlefile", file, file]);
  // The footer's band of the page, where the code is: a whole page takes the reader several seconds.
  const page = sharp(`${file}.png`);
  const { width, height } = await page.metadata();
  const { data, info } = await page
    .extract({ left: 0, top: Math.round(height * 0.7), width, height: height - Math.round(height * 0.7) })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return decodeQR({ width: info.width, height: info.height, data });
}

const publish = async (listingId: string, published: boolean) =>
  (await member.put(`/api/listings/${listingId}/publication`).send({ published }).expect(200)).body as { url: string };

describe("the flyer, finished", () => {
  it("prints the whole license number and every brokerage line, wrapped rather than cut", async () => {
    const agent = await createAgent(ctx.db, { name: "Dana Broker", phone: "304-555-0142", email: "dana@summit.example.com" });
    const listing = await createListing(ctx.db, { offeringType: "Sell", askingPrice: 950000, agentId: agent.id });
    for (const published of [false, true]) {
      // Narrower beside the QR code of a published page: still whole.
      if (published) await publish(listing.id, true);
      const flyer = await readFlyer(listing.id);
      expect(flyer.pages).toBe(1);
      const joined = flyer.raw.replace(/\s+/g, "");
      expect(joined).toContain(`License${LICENSE}`.replace(/\s+/g, ""));
      expect(joined).toContain(OFFICE_ADDRESS.replace(/\s+/g, ""));
      for (const line of ["Summit Commercial Realty", "(304) 555-0100", "https://summit.example.com", "Dana Broker", "304-555-0142", "dana@summit.example.com"]) {
        expect(flyer.raw.replace(/\s+/g, " ")).toContain(line);
      }
      // Nothing in the footer ends in an ellipsis.
      expect(flyer.raw).not.toContain("…");
    }
  });

  it("stays on one page with every brokerage field at its longest, a published page's code and four photos", async () => {
    const long = {
      brokerageName: "Summit Commercial Realty Advisors of the Upper Ohio Valley and Northern Panhandle",
      website: `https://summit.example.com/${"offices/wheeling/".repeat(6)}`,
      address: `${"1200 Market Street, Suite 400, Wheeling, WV 26003; ".repeat(6)}`.slice(0, 300),
      licenseNumber: `${LICENSE} ${"PA-RB-0654321 ".repeat(6)}`.slice(0, 100),
    };
    await ctx.afterChange(() => admin.put("/api/brand").send(long).expect(200));
    try {
      const agent = await createAgent(ctx.db, { name: "Alexandra Montgomery-Fitzgerald", phone: "304-555-0142", email: "alexandra.montgomery-fitzgerald@summit.example.com" });
      const listing = await createListing(ctx.db, { offeringType: "Sell", askingPrice: 950000, agentId: agent.id, propertyDescription: "Warehouse with dock-high doors. ".repeat(60) });
      for (const color of ["#112233", "#445566", "#778899", "#99aabb"]) {
        const url = await uploadImage(member, await picture(800, 600, color));
        await member.post(`/api/listings/${listing.id}/photos`).send({ url, caption: "A caption that is far too long for one thumbnail's single line of text" }).expect(201);
      }
      const { url } = await publish(listing.id, true);
      for (const paper of ["letter", "a4"]) {
        const flyer = await readFlyer(listing.id, `?paper=${paper}`);
        expect(flyer.pages).toBe(1);
        expect(await qrTarget(flyer.file)).toBe(url);
        // The license at its longest, whole, in the narrowest column there is (A4's).
        expect(flyer.raw.replace(/\s+/g, "")).toContain(`License${long.licenseNumber}`.replace(/\s+/g, ""));
      }
    } finally {
      await ctx.afterChange(() => admin.put("/api/brand").send({ brokerageName: "Summit Commercial Realty", website: "https://summit.example.com", address: OFFICE_ADDRESS, licenseNumber: LICENSE }).expect(200));
    }
  });

  it("names the property type once, with a subtype only when it says more", async () => {
    const office = await createListing(ctx.db, { listingName: "Northgate Plaza", propertyType: "Office", propertySubtype: "Office", propertyDescription: "Corner building." });
    const flyer = await readFlyer(office.id);
    expect(flyer.raw).not.toMatch(/Office\s*·\s*Office/);
    expect(flyer.raw.match(/\bOffice\b/g)).toHaveLength(1);
    const retail = await createListing(ctx.db, { listingName: "Eastgate", propertyType: "Retail", propertySubtype: "Strip Center", propertyDescription: "Corner building." });
    expect((await readFlyer(retail.id)).layout).toContain("Retail · Strip Center");
    expect(flyerPropertyKind({ propertyType: "Office", propertySubtype: " office " })).toBe("Office");
    expect(flyerPropertyKind({ propertyType: "Industrial", propertySubtype: null })).toBe("Industrial");
    expect(flyerPropertyKind({ propertyType: null, propertySubtype: null })).toBeNull();
  });

  it("says the listing's market status in the band", async () => {
    const listing = await createListing(ctx.db, { offeringType: "Sell", dealStage: "Under Contract" });
    expect((await readFlyer(listing.id)).layout).toContain("FOR SALE · UNDER CONTRACT");
  });

  it("fits floor and site plans whole in their boxes, crops photos to theirs, and prints the captions under the thumbnails on one line", async () => {
    const listing = await createListing(ctx.db, { offeringType: "Sell" });
    const add = async (bytes: Buffer, kind: string, caption: string) => {
      const url = await uploadImage(member, bytes);
      await member.post(`/api/listings/${listing.id}/photos`).send({ url, kind, caption }).expect(201);
    };
    const longCaption = `Loading dock with two dock-high doors and a drive-in door ${"beside the yard ".repeat(8)}`.trim();
    await add(await picture(1600, 1200, "#3366aa"), "photo", "Front elevation");
    // A tall floor plan and a wide site plan: cropped to the thumbnails' 2:1 boxes, both would lose most of their drawing.
    await add(await picture(1000, 2000, "#dddddd"), "floorPlan", "Second floor plan");
    await add(await picture(3000, 1000, "#cccccc"), "sitePlan", "Site plan with parking");
    await add(await picture(1200, 1200, "#aa6633"), "photo", longCaption);
    const flyer = await readFlyer(listing.id);
    expect(flyer.pages).toBe(1);

    // The logo, the cover and three thumbnails, in the order drawn.
    const [cover, floorPlan, sitePlan, square] = imagesOf(flyer.file).filter((i) => !(i.width === 320 && i.height === 96));
    // Every picture is drawn at one scale across and down: nothing is stretched.
    for (const image of [cover, floorPlan, sitePlan, square]) expect(image.xPpi).toBe(image.yPpi);
    // The plans keep their own shape (1:2 and 3:1), so none of them is cut off.
    expect(floorPlan.width / floorPlan.height).toBeCloseTo(1000 / 2000, 1);
    expect(sitePlan.width / sitePlan.height).toBeCloseTo(3000 / 1000, 1);
    // The photos take their box's shape: the square one is cropped to the thumbnail's 2:1.
    expect(square.width / square.height).toBeGreaterThan(1.9);
    expect(cover.width / cover.height).toBeGreaterThan(2);

    const layout = flyer.layout.replace(/[ \t]+/g, " ");
    for (const caption of ["Second floor plan", "Site plan with parking"]) expect(layout).toContain(caption);
    // The cover's caption is not a thumbnail's; the long one is cut to its one line with an ellipsis.
    expect(layout).not.toContain("Front elevation");
    const dock = layout.split("\n").find((line) => line.includes("Loading dock"));
    expect(dock).toMatch(/Loading dock[^\n]*…/);
    expect(flyer.raw).not.toContain("beside the yard beside the yard beside the yard");
  });

  it("carries a QR code of the published page's canonical address and its short address, and neither once unpublished", async () => {
    const listing = await createListing(ctx.db, { offeringType: "Lease", leaseRate: 18, leaseRateUnit: "per SF/yr", propertyDescription: "Suite on the second floor." });
    const before = await readFlyer(listing.id);
    expect(before.raw).not.toContain("desk.example.com");
    await expect(qrTarget(before.file)).rejects.toThrow();

    const { url } = await publish(listing.id, true);
    expect(url).toMatch(/^https:\/\/desk\.example\.com\/l\/[\w-]{24}$/);
    const published = await readFlyer(listing.id);
    expect(published.pages).toBe(1);
    expect(published.etag).not.toBe(before.etag);
    expect(await qrTarget(published.file)).toBe(url);
    // The short address: what a person types, without the scheme.
    expect(published.raw.replace(/\s+/g, "")).toContain(url.replace("https://", ""));
    expect(published.raw).not.toContain("https://desk.example.com");
    // Unchanged, it is the same flyer from the cache; and the page's own flyer link hands out the same code.
    expect((await readFlyer(listing.id)).etag).toBe(published.etag);
    const pageFlyer = await supertest(ctx.app).get(`${new URL(url).pathname}/flyer.pdf`).buffer(true).parse(binary).expect(200);
    const pageFile = path.join(tmp, "page-flyer.pdf");
    fs.writeFileSync(pageFile, pageFlyer.body as Buffer);
    expect(await qrTarget(pageFile)).toBe(url);

    // A new app address is a new canonical address: the flyer follows it.
    await ctx.afterChange(() => admin.put("/api/settings/app-address").send({ address: "https://listings.example.org" }).expect(200));
    const moved = await readFlyer(listing.id);
    expect(await qrTarget(moved.file)).toBe(url.replace(ORIGIN, "https://listings.example.org"));
    await ctx.afterChange(() => admin.put("/api/settings/app-address").send({ address: ORIGIN }).expect(200));

    // A withdrawn listing's page answers 410: its flyer points nowhere.
    await member.put(`/api/listings/${listing.id}`).send({ dealStage: "Withdrawn" }).expect(200);
    const withdrawn = await readFlyer(listing.id);
    expect(withdrawn.raw).not.toContain("desk.example.com");
    await member.put(`/api/listings/${listing.id}`).send({ dealStage: "Active" }).expect(200);

    await publish(listing.id, false);
    const unpublished = await readFlyer(listing.id);
    expect(unpublished.raw).not.toContain("desk.example.com");
    await expect(qrTarget(unpublished.file)).rejects.toThrow();
  });
});
