// What a camera wrote into a photo never leaves through a public path: every image a visitor can
// fetch (the page's sizes, its default, the preview image, the map, the logo, the flyer's images)
// is a re-encoded copy, upright, with no EXIF (GPS, artist), XMP, IPTC, comment or ICC profile,
// and only the widths the page uses are served. Members still get the original
// (docs/guides/images-and-photos.md, "What leaves the server").
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage } from "../../integrations/storage/local-storage.js";
import { createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { uploadImage } from "../../test/uploads.js";

let ctx: TestContext;
let dir: string;
let member: TestClient;
let admin: TestClient;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "public-images-test-"));
  ctx = await createTestContext({ storage: createLocalStorage(dir) });
  member = (await ctx.userAgent()).agent;
  admin = (await ctx.userAgent({ isAdmin: true })).agent;
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const anonymous = () => supertest(ctx.app);
const keyOf = (url: string) => url.split("/").pop()!;
const binary = (req: supertest.Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on("data", (c: Buffer) => chunks.push(c));
    res.on("end", () => done(null, Buffer.concat(chunks)));
  });

/** A JPEG segment: marker, length, payload. */
function segment(marker: number, payload: Buffer): Buffer {
  const head = Buffer.from([0xff, marker, 0, 0]);
  head.writeUInt16BE(payload.length + 2, 2);
  return Buffer.concat([head, payload]);
}

/** An APP13 Photoshop segment holding one IPTC By-line (2:80), as cameras' software writes it. */
function iptcSegment(text: string): Buffer {
  const value = Buffer.from(text);
  const record = Buffer.concat([Buffer.from([0x1c, 2, 80, 0, value.length]), value]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(record.length);
  const resource = Buffer.concat([Buffer.from("8BIM"), Buffer.from([0x04, 0x04, 0, 0]), length, record, Buffer.alloc(record.length % 2)]);
  return segment(0xed, Buffer.concat([Buffer.from("Photoshop 3.0\0"), resource]));
}

const XMP =
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
  '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>SECRET_XMP_CREATOR</dc:creator></rdf:Description></rdf:RDF></x:xmpmeta>';

/**
 * A JPEG as a phone writes it: stored `width` x `height` but turned a quarter by EXIF orientation
 * 6, with the building's GPS position, an artist, XMP, IPTC, a comment and a Display P3 profile.
 */
async function cameraJpeg(width: number, height: number, colour: string): Promise<Buffer> {
  const jpeg = await sharp({ create: { width, height, channels: 3, background: colour } })
    .withExif({
      IFD0: { Artist: "SECRET_ARTIST", Copyright: "SECRET_COPYRIGHT" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "39/1 37/1 4512/100", GPSLongitudeRef: "W", GPSLongitude: "79/1 57/1 3321/100" },
    })
    .withMetadata({ orientation: 6 })
    .withXmp(XMP)
    .withIccProfile("p3")
    .jpeg()
    .toBuffer();
  // After SOI: a comment and the IPTC block, which sharp does not write itself.
  return Buffer.concat([jpeg.subarray(0, 2), segment(0xfe, Buffer.from("SECRET_COMMENT")), iptcSegment("SECRET_IPTC_BYLINE"), jpeg.subarray(2)]);
}

/** No metadata at all: what a decoder can read, and no trace of it in the bytes. */
async function expectClean(bytes: Buffer, what: string) {
  const meta = await sharp(bytes).metadata();
  const present = { exif: meta.exif !== undefined, xmp: meta.xmp !== undefined, iptc: meta.iptc !== undefined, icc: meta.icc !== undefined, comments: meta.comments !== undefined };
  expect({ what, ...present, orientation: meta.orientation }).toEqual({ what, exif: false, xmp: false, iptc: false, icc: false, comments: false, orientation: undefined });
  for (const secret of ["SECRET_", "Exif\0", "http://ns.adobe.com", "Photoshop 3.0"]) expect(bytes.includes(secret), `${what} holds ${secret}`).toBe(false);
  return meta;
}

describe("images that leave through a public path", () => {
  it("are re-encoded, upright and without metadata, at the page's widths only; members still get the original", async () => {
    const logoBytes = await cameraJpeg(300, 900, "#0a5c36");
    const logo = await uploadImage(admin, logoBytes);
    await admin.put("/api/brand").send({ brokerageName: "Summit Commercial Realty", phone: "(304) 555-0100", accentColor: "#0A5C36", logoUrl: logo }).expect(200);
    const original = await cameraJpeg(2400, 1500, "#aa3366");
    const coverUrl = await uploadImage(member, original);
    const listing = await createListing(ctx.db, {
      listingName: "Hidden Yard",
      address: "17 Secret Lane",
      city: "Morgantown",
      state: "WV",
      zip: "26505",
      latitude: 39.6292,
      longitude: -79.9559,
      locationPrecision: "street",
    });
    const cover = await member.post(`/api/listings/${listing.id}/photos`).send({ url: coverUrl }).expect(201);
    const second = await member.post(`/api/listings/${listing.id}/photos`).send({ url: await uploadImage(member, await cameraJpeg(900, 500, "#3366aa")) }).expect(201);
    const res = await member.put(`/api/listings/${listing.id}/publication`).send({ published: true, showAddress: false }).expect(200);
    const page = new URL(res.body.url).pathname;
    // The page and its photo viewer (which shows the photos after the cover).
    const html = (await anonymous().get(page).expect(200)).text + (await anonymous().get(`${page}/photos`).expect(200)).text;
    expect(html).not.toContain("17 Secret Lane");

    // Every picture the page names, srcset entries with the width they claim.
    const claimed = new Map<string, number | null>();
    for (const [, src] of html.matchAll(/<img[^>]* src="([^"]+)"/g)) claimed.set(src, null);
    for (const [, srcset] of html.matchAll(/ srcset="([^"]+)"/g)) {
      for (const entry of srcset.split(", ")) {
        const [url, descriptor] = entry.split(" ");
        claimed.set(url, Number(descriptor.replace("w", "")));
      }
    }
    const coverBase = `${page}/photos/${cover.body.id}`;
    // The cover is 1500 wide upright: its sizes, and the large copy at its own width.
    expect(html).toContain(`srcset="${coverBase}?w=320 320w, ${coverBase}?w=600 600w, ${coverBase}?w=1600 1500w"`);
    // The second is 500 wide upright: its small copy, then the 600 copy at its own width.
    expect(html).toContain(`${page}/photos/${second.body.id}?w=320 320w, ${page}/photos/${second.body.id}?w=600 500w"`);
    expect([...claimed.keys()]).toEqual(expect.arrayContaining([`${page}/logo`, expect.stringMatching(/\/map\.png\?v=/)]));
    // What is not in the page but answers anyway: the photo without ?w= (the large copy) and the preview image.
    for (const extra of [coverBase, `${page}/og.jpg`]) claimed.set(extra, null);

    for (const [url, width] of claimed) {
      const got = await binary(anonymous().get(url)).expect(200);
      const meta = await expectClean(got.body, url);
      if (width !== null) expect(meta.width, url).toBe(width);
      if (url.startsWith(`${page}/photos/`)) expect(meta.height!, `${url} is upright`).toBeGreaterThan(meta.width!);
    }
    // The large copy is the upright original at its full width (2400x1500 turned a quarter).
    const large = await sharp((await binary(anonymous().get(coverBase)).expect(200)).body).metadata();
    expect([large.width, large.height]).toEqual([1500, 2400]);
    const logoCopy = await sharp((await binary(anonymous().get(`${page}/logo`)).expect(200)).body).metadata();
    expect([logoCopy.width, logoCopy.height]).toEqual([600, 200]);
    // Colours stay right: the P3 pixels were converted to sRGB, not relabelled.
    const { data } = await sharp((await binary(anonymous().get(`${coverBase}?w=320`)).expect(200)).body).raw().toBuffer({ resolveWithObject: true });
    const expected = [...(await sharp(original).raw().toBuffer()).subarray(0, 3)];
    for (const [i, channel] of [...data.subarray(0, 3)].entries()) expect(Math.abs(channel - expected[i])).toBeLessThanOrEqual(4);

    // The flyer's images, as pdfimages takes them out of the PDF.
    const flyer = await binary(anonymous().get(`${page}/flyer.pdf`)).expect(200);
    for (const secret of ["SECRET_", "http://ns.adobe.com", "Photoshop 3.0"]) expect(flyer.body.includes(secret)).toBe(false);
    const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "flyer-images-"));
    try {
      fs.writeFileSync(path.join(tmp, "flyer.pdf"), flyer.body);
      execFileSync("pdfimages", ["-all", path.join(tmp, "flyer.pdf"), path.join(tmp, "img")]);
      const extracted = fs.readdirSync(tmp).filter((f) => f.startsWith("img-"));
      // Two photos (JPEG) and the logo; a hidden address puts no map on the flyer.
      expect(extracted.filter((f) => f.endsWith(".jpg"))).toHaveLength(2);
      expect(extracted).toHaveLength(3);
      for (const file of extracted) await expectClean(fs.readFileSync(path.join(tmp, file)), `flyer ${file}`);
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true });
    }

    // Only the widths the page uses.
    for (const w of ["123", "abc", "600.0", "", "0320", "1601"]) await anonymous().get(`${coverBase}?w=${w}`).expect(404);
    await anonymous().get(`${coverBase}?w=320&w=600`).expect(404);

    // The team's own route still serves the original, byte for byte, to a signed-in member only.
    const mine = await binary(member.get(coverUrl)).expect(200);
    expect(Buffer.compare(mine.body, original)).toBe(0);
    expect(Buffer.compare((await binary(member.get(logo)).expect(200)).body, logoBytes)).toBe(0);
    await anonymous().get(coverUrl).expect(401);
  });

  it("answers 404, not 500, when a photo's original is missing or does not decode", async () => {
    const listing = await createListing(ctx.db, { listingName: "Broken Photos" });
    const missingUrl = await uploadImage(member, await cameraJpeg(800, 600, "#446688"));
    const corruptUrl = await uploadImage(member, await cameraJpeg(800, 600, "#884466"));
    const corrupt = await member.post(`/api/listings/${listing.id}/photos`).send({ url: corruptUrl }).expect(201);
    const missing = await member.post(`/api/listings/${listing.id}/photos`).send({ url: missingUrl }).expect(201);
    const res = await member.put(`/api/listings/${listing.id}/publication`).send({ published: true }).expect(200);
    const page = new URL(res.body.url).pathname;
    // Adding a photo makes its gallery copy (320) at once: remove that too, so every copy is made from the broken original.
    for (const url of [missingUrl, corruptUrl]) fs.rmSync(path.join(dir, "thumbs", `${keyOf(url)}-w320.webp`), { force: true });
    fs.rmSync(path.join(dir, "images", keyOf(missingUrl)));
    // A JPEG's first bytes, then noise.
    fs.writeFileSync(path.join(dir, "images", keyOf(corruptUrl)), Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(4096, 0x5a)]));
    for (const id of [missing.body.id, corrupt.body.id]) {
      for (const query of ["", "?w=320", "?w=600", "?w=1600"]) await anonymous().get(`${page}/photos/${id}${query}`).expect(404);
    }
    await anonymous().get(page).expect(200);
    // The preview image of a page whose cover does not decode: the brand's colour alone.
    await anonymous().get(`${page}/og.jpg`).expect(200);
  });
});
