// A listing's public page, in two sections so that
// either runs alone (BENCH_ONLY="page under load" or BENCH_ONLY=paint):
// - under load: an anonymous GET /l/:token of an unchanged listing, its og.jpg, and the 304 of
//   each to a visitor who has them, each next to raw node:http sending the same bytes (goal: at
//   least 0.50× each);
// - weight and paint: the page's weight without images (goal: at most 60 KB), and its largest
//   contentful paint on a throttled phone (Slow 4G, CPU 4x; "good" is at most 2.5 s).
import sharp from "sharp";
import { onEachBenchDatabase, type OpenBenchDatabase } from "./lib/bench-databases.js";
import { phoneLcp } from "./lib/phone-lcp.js";
import { measureLoad, runLoad, DURATION_MS, WARMUP_MS, CONNECTIONS, type LoadResult } from "./lib/load.js";
import { printTable, ratio } from "./lib/report.js";
import type { BenchSection } from "./lib/section.js";
import { raw304Server, rawServer, type Running } from "./lib/servers.js";
import { benchUser, signedInApp } from "./lib/signed-in-app.js";

const MAX_PAGE_BYTES = 60 * 1024;
const GOOD_LCP_MS = 2_500;

interface Published {
  /** The app, listening. */
  app: Running;
  /** Where the page is served: the app's own address + /l/<token>. */
  pageUrl: string;
}

/** The full app with one published listing that has a cover photo. */
async function publishedListing(open: OpenBenchDatabase, use: (published: Published) => Promise<void>): Promise<void> {
  const { database, changes, dispose } = await open();
  try {
    const { db } = database;
    const { server: app, cookie } = await signedInApp(db, changes, await benchUser(db, "publisher"));
    try {
      const json = { cookie, "content-type": "application/json" };
      const created = await fetch(`${app.url}/api/listings`, {
        method: "POST",
        headers: json,
        body: JSON.stringify({
          listingName: "Riverside Retail Center",
          address: "450 Riverside Dr",
          city: "Morgantown",
          state: "WV",
          offeringType: "Sell",
          propertyDescription: "Signalized corner with 28,000 VPD and 45 parking spaces. Newly renovated with pylon signage. ".repeat(8),
          marketingCategory: "Triple",
          askingPrice: 1650000,
          buildingSizeSf: 20000,
        }),
      });
      const listing = (await created.json()) as { id: string };
      const ticket = (await (await fetch(`${app.url}/api/objects/upload`, { method: "POST", headers: { cookie } })).json()) as { uploadURL: string; imageUrl: string };
      const cover = await sharp({ create: { width: 3000, height: 2000, channels: 3, background: "#3366aa" } }).jpeg().toBuffer();
      await fetch(new URL(ticket.uploadURL, app.url), { method: "PUT", headers: { cookie, "content-type": "image/jpeg" }, body: new Uint8Array(cover) });
      await fetch(`${app.url}/api/listings/${listing.id}/photos`, { method: "POST", headers: json, body: JSON.stringify({ url: ticket.imageUrl }) });
      const published = (await (await fetch(`${app.url}/api/listings/${listing.id}/publication`, { method: "PUT", headers: json, body: JSON.stringify({ published: true }) })).json()) as { url: string };
      await use({ app, pageUrl: `${app.url}${new URL(published.url).pathname}` });
    } finally {
      await app.close();
    }
  } finally {
    await dispose();
  }
}

/** One asset of the page: its bytes and ETag as the app sends them. */
async function asset(url: string): Promise<{ body: Buffer; etag: string }> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url} failed: HTTP ${res.status}`);
  return { body: Buffer.from(await res.arrayBuffer()), etag: res.headers.get("etag") ?? "" };
}

const ROUNDS = 3;

/** Requests per second over several rounds: the figures of every round's run together. */
function together(results: LoadResult[]): LoadResult {
  const requests = results.reduce((n, r) => n + r.requests, 0);
  const seconds = results.reduce((s, r) => s + r.requests / r.rps, 0);
  return {
    requests,
    errors: results.reduce((n, r) => n + r.errors, 0),
    rps: requests / seconds,
    p50Ms: Math.max(...results.map((r) => r.p50Ms)),
    p99Ms: Math.max(...results.map((r) => r.p99Ms)),
    bytesPerResponse: results[0].bytesPerResponse,
  };
}

/**
 * The floor and the app, each warmed up and then measured in ROUNDS turns taken in alternation,
 * so that a neighbour's burst on a shared machine falls on both rather than on one.
 */
async function sideBySide(rawUrl: string, appUrl: string, headers: Record<string, string> = {}, expectStatus = 200): Promise<{ raw: LoadResult; app: LoadResult }> {
  const raw: LoadResult[] = [];
  const app: LoadResult[] = [];
  await measureLoad(rawUrl, headers, expectStatus);
  await measureLoad(appUrl, headers, expectStatus);
  for (let round = 0; round < ROUNDS; round++) {
    const run = (url: string) => runLoad({ url, headers, connections: CONNECTIONS, durationMs: DURATION_MS / ROUNDS, expectStatus });
    raw.push(await run(rawUrl));
    app.push(await run(appUrl));
  }
  return { raw: together(raw), app: together(app) };
}

const underLoad = (open: OpenBenchDatabase) =>
  publishedListing(open, async ({ pageUrl }) => {
    const servers: Running[] = [];
    try {
      const ogUrl = `${pageUrl}/og.jpg`;
      const page = await asset(pageUrl);
      const og = await asset(ogUrl);
      const [rawPage, rawOg, rawPage304, rawOg304] = await Promise.all([
        rawServer(page.body, "text/html; charset=utf-8"),
        rawServer(og.body, "image/jpeg"),
        raw304Server(page.etag),
        raw304Server(og.etag),
      ]);
      servers.push(rawPage, rawOg, rawPage304, rawOg304);
      console.log(
        `  ${CONNECTIONS} keep-alive connections, ${DURATION_MS / 1000} s per target after a ${WARMUP_MS / 1000} s warm-up, in ${ROUNDS} rounds alternating with its raw node:http floor\n`,
      );
      const pagePair = await sideBySide(`${rawPage.url}/page`, pageUrl);
      const page304Pair = await sideBySide(`${rawPage304.url}/page`, pageUrl, { "if-none-match": page.etag }, 304);
      const ogPair = await sideBySide(`${rawOg.url}/og.jpg`, ogUrl);
      const og304Pair = await sideBySide(`${rawOg304.url}/og.jpg`, ogUrl, { "if-none-match": og.etag }, 304);
      const results = {
        rawPage: pagePair.raw,
        page: pagePair.app,
        rawPage304: page304Pair.raw,
        page304: page304Pair.app,
        rawOg: ogPair.raw,
        og: ogPair.app,
        rawOg304: og304Pair.raw,
        og304: og304Pair.app,
      };
      printTable([
        { label: "raw node:http, the page's bytes", result: results.rawPage },
        { label: "full app, anonymous unchanged page", result: results.page },
        { label: "raw node:http, 304", result: results.rawPage304 },
        { label: "full app, page If-None-Match (304)", result: results.page304 },
        { label: "raw node:http, the og.jpg bytes", result: results.rawOg },
        { label: "full app, og.jpg", result: results.og },
        { label: "raw node:http, 304", result: results.rawOg304 },
        { label: "full app, og.jpg If-None-Match (304)", result: results.og304 },
      ]);
      console.log(
        `\n  page / raw: ${ratio(results.page, results.rawPage)}   page 304 / raw: ${ratio(results.page304, results.rawPage304)}` +
          `   og.jpg / raw: ${ratio(results.og, results.rawOg)}   og.jpg 304 / raw: ${ratio(results.og304, results.rawOg304)}   (goal >= 0.50× each)`,
      );
    } finally {
      for (const server of servers) await server.close();
    }
  });

const weightAndPaint = (open: OpenBenchDatabase) =>
  publishedListing(open, async ({ pageUrl }) => {
    const page = await asset(pageUrl);
    const og = await asset(`${pageUrl}/og.jpg`);
    console.log(
      `  page without images: ${(page.body.length / 1024).toFixed(1)} KB (goal <= ${MAX_PAGE_BYTES / 1024} KB: ${page.body.length <= MAX_PAGE_BYTES ? "met" : "MISSED"}); og.jpg ${(og.body.length / 1024).toFixed(1)} KB`,
    );
    const lcp = await phoneLcp(pageUrl);
    const lcpText = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    console.log(
      `  largest contentful paint, phone on Slow 4G with CPU 4x: ${lcpText(lcp.median.ms)} (${lcp.median.element}; samples ${lcp.all.map((s) => lcpText(s.ms)).join(", ")}; "good" <= ${lcpText(GOOD_LCP_MS)}: ${lcp.median.ms <= GOOD_LCP_MS ? "met" : "MISSED"})`,
    );
  });

export const publicPageLoad: BenchSection = { title: "Public page under load", run: () => onEachBenchDatabase(underLoad) };
export const publicPagePaint: BenchSection = { title: "Public page weight and paint", run: () => onEachBenchDatabase(weightAndPaint) };
