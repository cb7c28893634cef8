// The map on the public page: the listing's pin when the
// page shows the street address, the general area alone when it does not (the exact point never
// reaches the image), cached per place under the page's own address.
import sharp from "sharp";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createListing } from "../../test/factories.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";

let ctx: TestContext;
let member: TestClient;
beforeAll(async () => {
  ctx = await createTestContext();
  member = (await ctx.userAgent()).agent;
  const admin = (await ctx.userAgent({ isAdmin: true })).agent;
  await admin.put("/api/brand").send({ brokerageName: "Summit Commercial Realty", accentColor: "#0A5C36" }).expect(200);
});
afterAll(() => ctx.close());

const anonymous = () => supertest(ctx.app);
const ACCENT = [0x0a, 0x5c, 0x36];
const WHEELING = { latitude: 40.0641, longitude: -80.7209, locationPrecision: "street" as const };

async function published(overrides: Parameters<typeof createListing>[1] = {}, body: Record<string, unknown> = {}) {
  const listing = await createListing(ctx.db, { city: "Wheeling", state: "WV", zip: "26003", ...overrides });
  const res = await member.put(`/api/listings/${listing.id}/publication`).send({ published: true, ...body }).expect(200);
  return { listing, path: new URL(res.body.url).pathname };
}
const mapSrcOf = (html: string) => /<img class="map" src="([^"]+)"[^>]*alt="([^"]*)"/.exec(html);
const binary = (req: supertest.Test) =>
  req.buffer(true).parse((res, done) => {
    const chunks: Buffer[] = [];
    res.on("data", (c: Buffer) => chunks.push(c));
    res.on("end", () => done(null, Buffer.concat(chunks)));
  });
async function pixelAtPin(png: Buffer) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const [x, y] = [info.width / 2, info.height / 2 - 8];
  return { size: [info.width, info.height], rgb: [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)] };
}

describe("the public page's map", () => {
  it("shows the listing's pin in the brand's colour, from a cached image under the page", async () => {
    const { path } = await published(WHEELING);
    const html = (await anonymous().get(path).expect(200)).text;
    const [, src, alt] = mapSrcOf(html)!;
    expect(src).toMatch(new RegExp(`^${path}/map\\.png\\?v=[A-Za-z0-9_-]{12}$`));
    expect(alt).toMatch(/where .* is/);
    const res = await binary(anonymous().get(src)).expect(200);
    expect(res.headers["content-type"]).toBe("image/png");
    expect(res.headers["cache-control"]).toBe("public, no-cache");
    expect(res.headers["set-cookie"]).toBeUndefined();
    expect(await pixelAtPin(res.body)).toEqual({ size: [640, 320], rgb: ACCENT });
  });

  it("shows only the general area when the street address is hidden: no pin, and the exact point changes no byte", async () => {
    const a = await published(WHEELING, { showAddress: false });
    const b = await published({ latitude: 40.0712, longitude: -80.6951, locationPrecision: "rooftop" }, { showAddress: false });
    const [srcA, srcB] = await Promise.all([a, b].map(async ({ path }) => mapSrcOf((await anonymous().get(path).expect(200)).text)!));
    expect(srcA[2]).toMatch(/general area around Wheeling, WV/);
    const [pngA, pngB] = await Promise.all([srcA[1], srcB[1]].map(async (src) => (await binary(anonymous().get(src)).expect(200)).body as Buffer));
    // Two buildings in the same area draw the same image under the same version: nothing in it tells them apart.
    expect(srcA[1].split("?")[1]).toBe(srcB[1].split("?")[1]);
    expect(pngA.equals(pngB)).toBe(true);
    expect((await pixelAtPin(pngA)).rgb).not.toEqual(ACCENT);
    // Showing the address again shows the pin, under a new address for the image.
    await member.put(`/api/listings/${a.listing.id}/publication`).send({ published: true, showAddress: true }).expect(200);
    const shown = mapSrcOf((await anonymous().get(a.path).expect(200)).text)!;
    expect(shown[1]).not.toBe(srcA[1]);
    expect((await pixelAtPin((await binary(anonymous().get(shown[1])).expect(200)).body)).rgb).toEqual(ACCENT);
  });

  it("moves with the listing's point, and is absent without one", async () => {
    const { listing, path } = await published(WHEELING);
    const before = mapSrcOf((await anonymous().get(path).expect(200)).text)![1];
    await member.put(`/api/listings/${listing.id}`).send({ latitude: 39.6295, longitude: -79.9559 }).expect(200);
    expect(mapSrcOf((await anonymous().get(path).expect(200)).text)![1]).not.toBe(before);

    const bare = await published({ zip: null });
    const html = (await anonymous().get(bare.path).expect(200)).text;
    expect(mapSrcOf(html)).toBeNull();
    await anonymous().get(`${bare.path}/map.png`).expect(404);
  });

  it("answers 410 once the page is taken down and 404 for an unknown token, like the page", async () => {
    const { listing, path } = await published(WHEELING);
    await member.put(`/api/listings/${listing.id}/publication`).send({ published: false }).expect(200);
    await anonymous().get(`${path}/map.png`).expect(410);
    await anonymous().get("/l/AAAAAAAAAAAAAAAAAAAAAAAA/map.png").expect(404);
  });
});
