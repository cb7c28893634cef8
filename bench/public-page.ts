// A listing's public page (docs/decisions/278-public-page-cache.md): an anonymous GET /l/:token
// of an unchanged listing, and its og.jpg, each next to raw node:http sending the same bytes
// (goal: at least 0.50× each), the page's weight without images (goal: at most 60 KB), and its
// largest contentful paint on a throttled phone (Slow 4G, CPU 4x; "good" is at most 2.5 s).
import sharp from "sharp";
import { onEachBenchDatabase, type OpenBenchDatabase } from "./lib/bench-databases.js";
import { phoneLcp } from "./lib/phone-lcp.js";
import { measureLoad, DURATION_MS, WARMUP_MS, CONNECTIONS } from "./lib/load.js";
import { printTable, ratio } from "./lib/report.js";
import type { BenchSection } from "./lib/section.js";
import { rawServer, type Running } from "./lib/servers.js";
import { benchUser, signedInApp } from "./lib/signed-in-app.js";

const MAX_PAGE_BYTES = 60 * 1024;
const GOOD_LCP_MS = 2_500;

export const run = (): Promise<void> => onEachBenchDatabase(runOn);

async function runOn(open: OpenBenchDatabase): Promise<void> {
  const { database, changes, dispose } = await open();
  const servers: Running[] = [];
  try {
    const { db } = database;
    const { server: app, cookie } = await signedInApp(db, changes, await benchUser(db, "publisher"));
    servers.push(app);
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
    const pageUrl = `${app.url}${new URL(published.url).pathname}`;

    const page = Buffer.from(await (await fetch(pageUrl)).arrayBuffer());
    const og = Buffer.from(await (await fetch(`${pageUrl}/og.jpg`)).arrayBuffer());
    const rawPage = await rawServer(page, "text/html; charset=utf-8");
    const rawOg = await rawServer(og, "image/jpeg");
    servers.push(rawPage, rawOg);
    console.log(`  page without images: ${(page.length / 1024).toFixed(1)} KB (goal <= ${MAX_PAGE_BYTES / 1024} KB: ${page.length <= MAX_PAGE_BYTES ? "met" : "MISSED"}); og.jpg ${(og.length / 1024).toFixed(1)} KB`);
    const lcp = await phoneLcp(pageUrl);
    const lcpText = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
    console.log(
      `  largest contentful paint, phone on Slow 4G with CPU 4x: ${lcpText(lcp.median.ms)} (${lcp.median.element}; samples ${lcp.all.map((s) => lcpText(s.ms)).join(", ")}; "good" <= ${lcpText(GOOD_LCP_MS)}: ${lcp.median.ms <= GOOD_LCP_MS ? "met" : "MISSED"})`,
    );
    console.log(`  ${CONNECTIONS} keep-alive connections, ${DURATION_MS / 1000} s per target after a ${WARMUP_MS / 1000} s warm-up\n`);
    const results = {
      rawPage: await measureLoad(`${rawPage.url}/page`),
      page: await measureLoad(pageUrl),
      rawOg: await measureLoad(`${rawOg.url}/og.jpg`),
      og: await measureLoad(`${pageUrl}/og.jpg`),
    };
    printTable([
      { label: "raw node:http, the page's bytes", result: results.rawPage },
      { label: "full app, anonymous unchanged page", result: results.page },
      { label: "raw node:http, the og.jpg bytes", result: results.rawOg },
      { label: "full app, og.jpg", result: results.og },
    ]);
    console.log(`\n  page / raw node:http: ${ratio(results.page, results.rawPage)} (goal >= 0.50×)`);
    console.log(`  og.jpg / raw node:http: ${ratio(results.og, results.rawOg)} (goal >= 0.50×)`);
  } finally {
    for (const server of servers) await server.close();
    await dispose();
  }
}

export const publicPage: BenchSection = { title: "Public page", run };
