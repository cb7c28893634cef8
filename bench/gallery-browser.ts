// The listing's detail dialog in Chromium with a 40-photo gallery against the same dialog with one
// image: time from the click on the card to the first frame
// in which the dialog's visible pictures (the cover and the grid's tiles in view) have all loaded.
// Each sample is a fresh browser context, so nothing is in its cache. Goal: at most 1.5x.
// Runs the built app (`npm run build` first); builds nothing itself and asserts nothing.
import type { Browser } from "playwright-core";
import sharp from "sharp";
import { newContext } from "../e2e/support/browser.js";
import { USERNAME } from "./lib/built-server.js";
import { onBuiltApp } from "./lib/built-app-run.js";
import type { BenchSection } from "./lib/section.js";
import { PASSWORD } from "./lib/sign-in.js";

const SAMPLES = Number(process.env.BENCH_GALLERY_SAMPLES ?? 5);
const PHOTOS = 40;
const ONE = "Bench one image";
const GALLERY = "Bench forty photos";

/** A 2400x1800 camera-like JPEG (noise compresses like a photo, not like a flat colour). */
async function cameraPhoto(seed: number): Promise<Buffer> {
  const [w, h] = [240, 180];
  const raw = Buffer.alloc(w * h * 3);
  let x = seed * 7919 + 1;
  for (let i = 0; i < raw.length; i++) {
    x = (x * 1103515245 + 12345) & 0x7fffffff;
    raw[i] = (x >> 16) & 0xff;
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } }).resize(2400, 1800, { kernel: "cubic" }).jpeg({ quality: 85 }).toBuffer();
}

type Api = (method: string, path: string, body?: unknown) => Promise<unknown>;

async function apiAs(baseURL: string): Promise<Api> {
  const login = await fetch(`${baseURL}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseURL },
    body: JSON.stringify({ username: USERNAME, password: PASSWORD }),
  });
  if (!login.ok) throw new Error(`bench sign-in failed: HTTP ${login.status}`);
  const cookie = login.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  return async (method, path, body) => {
    const isBytes = Buffer.isBuffer(body);
    const res = await fetch(`${baseURL}${path}`, {
      method,
      headers: { Cookie: cookie, Origin: baseURL, ...(body === undefined ? {} : { "Content-Type": isBytes ? "image/jpeg" : "application/json" }) },
      body: body === undefined ? undefined : isBytes ? new Uint8Array(body as Buffer) : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${await res.text()}`);
    return res.status === 204 ? null : res.json();
  };
}

async function upload(api: Api, bytes: Buffer): Promise<string> {
  const { uploadURL, imageUrl } = (await api("POST", "/api/objects/upload")) as { uploadURL: string; imageUrl: string };
  await api("PUT", uploadURL, bytes);
  return imageUrl;
}

const listing = (listingName: string, imageUrl: string) => ({
  listingName,
  address: "1 Bench Street",
  city: "Morgantown",
  state: "WV",
  offeringType: "Sell",
  propertyDescription: "An office building for the gallery bench.",
  marketingCategory: "Double",
  imageUrl,
});

/** One listing with one image, one with forty photos, all uploaded through the app. */
async function seedGalleries(api: Api): Promise<void> {
  const photos = await Promise.all(Array.from({ length: PHOTOS }, (_, i) => cameraPhoto(i)));
  await api("POST", "/api/listings", listing(ONE, await upload(api, photos[0])));
  const gallery = (await api("POST", "/api/listings", listing(GALLERY, await upload(api, photos[1])))) as { id: string };
  for (let i = 2; i <= PHOTOS; i++) await api("POST", `/api/listings/${gallery.id}/photos`, { url: await upload(api, photos[i % photos.length]) });
}

// Page-side code is plain text: resolves with the milliseconds from the click to the first frame in
// which every picture of the dialog that is in view has loaded (the cover, the grid's tiles).
const AWAIT_PICTURES = `
  new Promise((resolve) => {
    const started = window.__clicked;
    const ready = () => {
      const dialog = document.querySelector("[data-testid='listing-detail']");
      const gallery = dialog && dialog.querySelector("[data-testid='listing-photos']");
      if (!gallery || !gallery.querySelector("[data-testid='photo-grid'], p")) return false;
      const view = dialog.getBoundingClientRect();
      const images = [...dialog.querySelectorAll("img")].filter((img) => {
        const box = img.getBoundingClientRect();
        return box.bottom > view.top && box.top < view.bottom && box.width > 0;
      });
      return images.length > 0 && images.every((img) => img.complete && img.naturalWidth > 0);
    };
    const tick = () => (ready() ? resolve(performance.now() - started) : requestAnimationFrame(tick));
    tick();
  })
`;

/** Milliseconds from the click on the listing's card to its pictures painted, in a fresh context. */
async function firstPaint(browser: Browser, baseURL: string, name: string): Promise<number> {
  const context = await newContext(browser, { baseURL });
  try {
    context.setDefaultTimeout(60_000);
    const res = await context.request.post("/api/login", { data: { username: USERNAME, password: PASSWORD } });
    if (!res.ok()) throw new Error(`bench sign-in failed: HTTP ${res.status()}`);
    const page = await context.newPage();
    await page.goto("/");
    const card = page.getByTestId("listing-card").filter({ has: page.getByRole("heading", { name, exact: true }) });
    await card.waitFor();
    await page.evaluate(`document.addEventListener("pointerdown", () => (window.__clicked = performance.now()), { capture: true, once: true })`);
    await card.getByTestId("listing-description").click();
    return Number(await page.evaluate(AWAIT_PICTURES));
  } finally {
    await context.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

async function run(): Promise<void> {
  await onBuiltApp({
    listings: 0,
    measure: async ({ server, browser }) => {
      const seeding = performance.now();
      await seedGalleries(await apiAs(server.baseURL));
      console.log(`  uploaded ${PHOTOS + 1} photos of 2400x1800 in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);
      const samples: Record<string, number[]> = { [ONE]: [], [GALLERY]: [] };
      // Alternating, so a slow moment of a shared machine falls on both.
      for (let i = 0; i < SAMPLES; i++) for (const name of [ONE, GALLERY]) samples[name].push(await firstPaint(browser, server.baseURL, name));
      const [one, forty] = [median(samples[ONE]), median(samples[GALLERY])];
      console.log(`  detail dialog, click to pictures painted (median of ${SAMPLES}, cold cache):`);
      console.log(`    one image        ${one.toFixed(1)} ms`);
      console.log(`    40-photo gallery ${forty.toFixed(1)} ms   ${(forty / one).toFixed(2)}x of one image (goal: at most 1.50x)`);
    },
  });
}

export const galleryBrowser: BenchSection = { title: "Photo gallery in the browser", run };
