// Worker thread entry: lays out one offering memorandum (workerData), posts its bytes and ends.
// Started, limited and stopped by render-in-worker.ts; built to dist/server/ beside the server
// bundle (scripts/build-server.mjs).
import { parentPort, workerData } from "node:worker_threads";
import { renderOm, type OmContent, type OmSection } from "./render-om.js";

// Buffers arrive as plain Uint8Arrays: pdfkit takes only Buffers as image bytes.
const asBuffer = (bytes: Uint8Array) => Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
const withBuffers = (value: unknown): unknown => {
  if (value instanceof Uint8Array) return asBuffer(value);
  if (Array.isArray(value)) return value.map(withBuffers);
  if (value && typeof value === "object" && !(value instanceof Date)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withBuffers(v)]));
  return value;
};

const content = workerData as OmContent;
const pdf = await renderOm({ ...content, sections: content.sections.map((s) => withBuffers(s) as OmSection) });
// Copied, not moved: the bytes may share a pooled ArrayBuffer, which cannot be transferred.
parentPort!.postMessage(pdf);
