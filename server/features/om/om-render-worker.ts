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

// A first small document in every weight while the caller still cuts its photos: the faces' tables
// are read lazily, on first use, and the layout code is compiled as it first runs.
const warmedUp = renderOm(
  {
    name: "Warm-up",
    addressLine: "",
    headline: "",
    propertyKind: null,
    brokerageName: "",
    accent: "#000000",
    stamp: "",
    createdAt: new Date(0),
    sections: [
      { key: "cover", photo: null },
      { key: "rent-roll", table: { head: ["Tenant"], widths: [1], right: [false], rows: [["Suite 100 · 2,400 SF $18.50/SF/yr NNN 0123456789"]], total: ["Total"] } },
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
