// `npm run bench`: each section measures one part of the product and prints its own figures.
// A new part (say, browser timings) is a new file exporting a BenchSection, added to this list.
import { auditOverhead } from "./audit-overhead.js";
import { backgroundWork } from "./background-work.js";
import { backups } from "./backups.js";
import { buyerRoomBench } from "./buyer-room.js";
import { campaignsBench } from "./campaigns.js";
import { contactsBrowser } from "./contacts-browser.js";
import { csvImport } from "./csv-import.js";
import { dealBoardBrowser } from "./deal-board-browser.js";
import { listingTableBrowser } from "./listing-table-browser.js";
import { mapViewBrowser } from "./map-view-browser.js";
import { flyerReading } from "./flyer-reading.js";
import { galleryBrowser } from "./gallery-browser.js";
import { flyerPdf } from "./flyer.js";
import { feedLoad } from "./feed.js";
import { omPdf } from "./om.js";
import { inventoryLoad } from "./inventory.js";
import { importsWizard } from "./imports.js";
import { listingFactsPayload } from "./listing-facts-payload.js";
import { listingLocationPayload } from "./listing-location-payload.js";
import { listingsApi } from "./listings-api.js";
import { listingsBrowser } from "./listings-browser.js";
import { liveFanout } from "./live-fanout.js";
import { liveLatency } from "./live-latency.js";
import { notificationsPoll } from "./notifications-poll.js";
import { publicPageLoad, publicPagePaint } from "./public-page.js";
import { rentRollBench } from "./rent-roll.js";
import { capturing, writeBenchReport, type SectionOutput } from "./lib/bench-report.js";
import type { BenchSection } from "./lib/section.js";
import { projectRoot } from "../server/paths.js";

const sections: BenchSection[] = [listingsApi, backgroundWork, listingFactsPayload, listingLocationPayload, notificationsPoll, liveLatency, liveFanout, listingsBrowser, dealBoardBrowser, listingTableBrowser, mapViewBrowser, galleryBrowser, contactsBrowser, csvImport, importsWizard, auditOverhead, flyerReading, flyerPdf, publicPageLoad, publicPagePaint, rentRollBench, backups, feedLoad, buyerRoomBench, omPdf, inventoryLoad, campaignsBench];

// BENCH_ONLY=words runs just the sections whose titles contain one of the (comma-separated) words.
const only = (process.env.BENCH_ONLY ?? "").split(",").map((w) => w.trim().toLowerCase()).filter(Boolean);
const chosen = only.length ? sections.filter((s) => only.some((w) => s.title.toLowerCase().includes(w))) : sections;

// `npm run bench -- --report` also writes what each section printed to docs/bench.md, keeping
// the sections this run did not measure.
const report = process.argv.includes("--report");

const started = new Date();
const outputs: SectionOutput[] = [];
for (const section of chosen) {
  console.log(`\n== ${section.title}`);
  if (report) outputs.push({ title: section.title, lines: await capturing(() => section.run()) });
  else await section.run();
}
const seconds = (Date.now() - started.getTime()) / 1000;
console.log(`\nbench finished in ${seconds.toFixed(1)} s`);
if (report) console.log(`report written to ${writeBenchReport(projectRoot, outputs, started, seconds)}`);
