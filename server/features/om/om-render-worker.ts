// Worker thread entry: parses the flyer's fonts once (workerData), then lays out each offering
// memorandum it is sent and posts its bytes back, until it is stopped. Started, limited, kept and
// stopped by render-in-worker.ts; built to dist/server/ beside the server bundle
// (scripts/build-server.mjs).
import { create } from "fontkit";
import { parentPort, workerData } from "node:worker_threads";
import type { FlyerFont } from "../flyer/service.js";
import type { OmWorkerAnswer } from "./render-in-worker.js";
import { renderOm, type OmContent, type OmFonts, type OmSection } from "./render-om.js";

// Buffers arrive as plain Uint8Arrays: pdfkit takes only Buffers as image bytes.
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const withBuffers = (value: unknown): unknown => {
  if (value instanceof Uint8Array) return asBuffer(value);
  if (Array.isArray(value)) return value.map(withBuffers);
  if (value && typeof value === "object" && !(value instanceof Date)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withBuffers(v)]));
  return value;
};

const { fonts: bytes } = workerData as { fonts: Record<FlyerFont, Uint8Array> };
const fonts = Object.fromEntries(Object.entries(bytes).map(([weight, b]) => [weight, create(asBuffer(b))])) as OmFonts;

// A first document with every kind of section, laid out while the caller still cuts its photos
// (or while the builder is open): the faces' tables are read lazily, on first use, and the layout
// code is compiled as it first runs, so the first real OM lays out at the warm speed.
const row = (i: number) => [`Tenant ${i}`, String(100 + i), "2,400 SF", "2022-01-01", "2031-06-30", "$44,000", "$18.33", "NNN"];
const table = (rows: number) => ({ head: row(0), widths: [0.22, 0.08, 0.11, 0.12, 0.12, 0.14, 0.1, 0.11], right: [false, false, true, false, false, true, true, false], rows: Array.from({ length: rows }, (_, i) => row(i)), total: row(rows) });
const warmedUp = renderOm(
  {
    name: "Warm-up",
    addressLine: "1 Main St",
    headline: "For Sale",
    propertyKind: "Retail",
    brokerageName: "Brokerage",
    accent: "#000000",
    stamp: "OM v1, 1970-01-01",
    createdAt: new Date(0),
    sections: [
      { key: "cover", photo: null },
      { key: "confidentiality", text: "Warm-up text, 0123456789." },
      { key: "contents" },
      { key: "executive-summary", rows: [["Price", "$1,000,000"]], asOf: "1970-01-01" },
      { key: "highlights", items: ["Signalized corner"] },
      { key: "property-overview", rows: [["Year built", "1998"]], description: "A building." },
      { key: "spaces", table: table(2) },
      { key: "tenants", profiles: Array.from({ length: 12 }, (_, i) => ({ name: `Tenant ${i}`, lines: ["Suite 100 · 2,400 SF", "Lease 2022-01-01 to 2031-06-30"] })) },
      { key: "rent-roll", table: table(60) },
      { key: "lease-expirations", bars: [2027, 2028, 2029].map((year, i) => ({ year, sizeSf: 1000 * (i + 1), label: `${i + 1},000 SF` })), table: table(3) },
      { key: "operating-statement", table: table(4) },
      { key: "team", agents: [{ name: "Agent", lines: ["(304) 555-0100"] }], brokerage: ["Brokerage"], logo: null },
    ],
  },
  fonts,
).catch(() => undefined);

parentPort!.on("message", async ({ id, content }: { id: number; content: OmContent }) => {
  await warmedUp;
  renderOm({ ...content, sections: content.sections.map((s) => withBuffers(s) as OmSection) }, fonts).then(
    // Copied, not moved: the bytes may share a pooled ArrayBuffer, which cannot be transferred.
    (pdf) => parentPort!.postMessage({ id, pdf } satisfies OmWorkerAnswer),
    (err: unknown) => parentPort!.postMessage({ id, error: err instanceof Error ? err.message : String(err) } satisfies OmWorkerAnswer),
  );
});
