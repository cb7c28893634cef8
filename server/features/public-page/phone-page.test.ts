// The public page for phones first (docs/guides/public-page-and-leads.md, "On a phone"): the facts
// that matter and one cover before anything else, every picture with its size, the bar that calls,
// writes or jumps to the form, and the photo viewer that works without a script.
import sharp from "sharp";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAgent, createListing } from "../../test/factories.js";
import { contextWithMember, type TestClient, type TestContext } from "../../test/test-app.js";
import { uploadImage } from "../../test/uploads.js";

let ctx: TestContext;
let member: TestClient;
beforeAll(async () => {
  ({ ctx, member } = await contextWithMember());
});
afterAll(() => ctx.close());

const anonymous = () => supertest(ctx.app);
const jpeg = (width: number, height: number, colour: string) => sharp({ create: { width, height, channels: 3, background: colour } }).jpeg().toBuffer();

async function publish(listingId: string): Promise<string> {
  const res = await member.put(`/api/listings/${listingId}/publication`).send({ published: true }).expect(200);
  return new URL(res.body.url).pathname;
}

async function addPhoto(listingId: string, width: number, height: number, colour: string, caption = ""): Promise<number> {
  const res = await member.post(`/api/listings/${listingId}/photos`).send({ url: await uploadImage(member, await jpeg(width, height, colour)) }).expect(201);
  if (caption) await member.patch(`/api/listings/${listingId}/photos/${res.body.id}`).send({ caption }).expect(200);
  return res.body.id;
}

/** Every <img> tag of a page, as written. */
const imgTags = (html: string) => [...html.matchAll(/<img\b[^>]*>/g)].map((m) => m[0]);
const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

describe("the public page on a phone", () => {
  it("puts the headline, price, size and type, then one cover, before the facts table and the rest; every image has its size", async () => {
    const agent = await createAgent(ctx.db, { name: "Dana Broker", phone: "(304) 555-0199", email: "dana@summit.example.com" });
    const listing = await createListing(ctx.db, {
      listingName: "Riverside Plaza",
      propertyType: "Retail",
      propertySubtype: "Strip Center",
      offeringType: "Sell",
      askingPrice: 1_250_000,
      buildingSizeSf: 12_000,
      agentId: agent.id,
      latitude: 40.0641,
      longitude: -80.7209,
      locationPrecision: "street",
    });
    const first = await addPhoto(listing.id, 1500, 1000, "#aa3366");
    const second = await addPhoto(listing.id, 800, 1200, "#3366aa");
    const third = await addPhoto(listing.id, 1200, 900, "#33aa66");
    const path = await publish(listing.id);
    const html = (await anonymous().get(path).expect(200)).text;
    const body = html.slice(html.indexOf("<body>"));

    const order = ["Retail · Strip Center", "<h1>Riverside Plaza</h1>", "<dt>Price</dt><dd>$1,250,000</dd>", "<dt>Building Size</dt><dd>12,000 SF</dd>", `${path}/photos/${first}?w=600`, "See all 3 photos", "<h2>Facts</h2>", "<h2>Location</h2>", 'id="inquire"'];
    const at = order.map((s) => body.indexOf(s));
    expect(at.every((i) => i >= 0), JSON.stringify(Object.fromEntries(order.map((s, i) => [s, at[i]])))).toBe(true);
    expect(at).toEqual([...at].sort((a, b) => a - b));
    // One photo on the page itself: the cover, loaded first; the others are the viewer's.
    expect(body).not.toContain(`/photos/${second}`);
    expect(body).not.toContain(`/photos/${third}`);
    expect(body).toContain(`<a class="all" href="${path}/photos#p1">See all 3 photos</a>`);

    const tags = imgTags(body);
    expect(tags.length).toBe(2); // the cover and the map
    for (const tag of tags) {
      expect(Number(attr(tag, "width")), tag).toBeGreaterThan(0);
      expect(Number(attr(tag, "height")), tag).toBeGreaterThan(0);
    }
    const cover = tags.find((t) => t.includes(`/photos/${first}`))!;
    expect([attr(cover, "width"), attr(cover, "height"), attr(cover, "fetchpriority"), attr(cover, "loading")]).toEqual(["1500", "1000", "high", undefined]);
  });

  it("has a bar to call, write or inquire, for phone widths only", async () => {
    const agent = await createAgent(ctx.db, { name: "Lee Agent", phone: "(304) 555-0142", email: "lee@summit.example.com" });
    const listing = await createListing(ctx.db, { listingName: "Bar Test Hall", agentId: agent.id });
    const html = (await anonymous().get(await publish(listing.id)).expect(200)).text;
    const bar = /<nav class="reach" aria-label="Contact">(.*?)<\/nav>/.exec(html)?.[1];
    expect(bar).toBe('<a href="tel:3045550142">Call</a><a href="mailto:lee@summit.example.com">Email</a><a href="#inquire">Inquire</a>');
    // Hidden unless the screen is narrow; then fixed to the foot of the screen.
    expect(html).toContain(".reach{display:none}");
    expect(html).toMatch(/@media \(max-width:720px\)\{[^<]*\.reach\{display:flex;[^}]*position:fixed;[^}]*bottom:0/);
    expect(html).toContain('<section id="inquire">');

    // No agent and a brand without phone or email: only the jump to the form.
    const bare = await createListing(ctx.db, { listingName: "Bare Hall" });
    const plain = (await anonymous().get(await publish(bare.id)).expect(200)).text;
    expect(/<nav class="reach" aria-label="Contact">(.*?)<\/nav>/.exec(plain)?.[1]).toBe('<a href="#inquire">Inquire</a>');
  });

  it("shows every photo in a viewer that needs no script: one to a screen, numbered, with links to the one before and after", async () => {
    const listing = await createListing(ctx.db, { listingName: "Viewer Hall" });
    const ids = [await addPhoto(listing.id, 1500, 1000, "#aa3366", "Front"), await addPhoto(listing.id, 800, 1200, "#3366aa"), await addPhoto(listing.id, 1200, 900, "#33aa66", "Dock")];
    const path = await publish(listing.id);
    const res = await anonymous().get(`${path}/photos`).expect(200);
    expect(res.headers["content-type"]).toMatch(/^text\/html/);
    expect(res.headers["set-cookie"]).toBeUndefined();
    const html = res.text;
    expect(html).toContain('<meta name="robots" content="noindex">');
    expect(html).toContain(`<a class="close" href="${path}">Back to the listing</a>`);
    const slides = [...html.matchAll(/<figure class="slide" id="(p\d+)">(.*?)<\/figure>/g)];
    expect(slides.map((s) => s[1])).toEqual(["p1", "p2", "p3"]);
    expect(slides.map((s) => /<figcaption><span>([^<]*)/.exec(s[2])![1])).toEqual(["1 of 3 · Front", "2 of 3", "3 of 3 · Dock"]);
    expect(slides.map((s) => [...s[2].matchAll(/<a href="(#p\d)"[^>]*>(\w+)/g)].map((a) => `${a[2]} ${a[1]}`))).toEqual([["Next #p2"], ["Previous #p1", "Next #p3"], ["Previous #p2"]]);
    const sizes = slides.map((s) => imgTags(s[2])[0]).map((tag) => [attr(tag, "src"), attr(tag, "width"), attr(tag, "height")]);
    expect(sizes).toEqual([
      [`${path}/photos/${ids[0]}?w=600`, "1500", "1000"],
      [`${path}/photos/${ids[1]}?w=600`, "800", "1200"],
      [`${path}/photos/${ids[2]}?w=600`, "1200", "900"],
    ]);
    // The strip snaps a photo to the screen with CSS alone; the script is a file from our own origin.
    expect(html).toContain("scroll-snap-type:x mandatory");
    const script = /<script src="([^"]+)" defer><\/script>/.exec(html)![1];
    expect(html).not.toMatch(/<script>|<script [^>]*>[^<]/);
    const js = await anonymous().get(script).expect(200);
    expect(js.headers["content-type"]).toMatch(/^text\/javascript/);
    expect(js.headers["cache-control"]).toContain("immutable");
    expect(js.text).toContain('"ArrowRight"');
    expect(String(res.headers["content-security-policy"])).toMatch(/script-src 'self'/);
    // An unchanged viewer is a 304.
    await anonymous().get(`${path}/photos`).set("If-None-Match", res.headers.etag).expect(304);
  });

  it("has no viewer for a page without photos, nor for an unknown token", async () => {
    const listing = await createListing(ctx.db, { listingName: "Empty Hall" });
    const path = await publish(listing.id);
    expect((await anonymous().get(path).expect(200)).text).not.toContain("/photos");
    await anonymous().get(`${path}/photos`).expect(404);
    await anonymous().get("/l/AAAAAAAAAAAAAAAAAAAAAAAA/photos").expect(404);
  });
});
