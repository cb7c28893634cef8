// The buyer's room (docs/guides/deal-room.md), each next to raw node:http sending the same bytes:
// - a watermarked 40-page 10 MB PDF served from the stamped cache, against the unwatermarked
//   original (goal: at least 0.25×); the first stamp's time is reported;
// - the room page of a buyer who reaches 50 documents, against its HTML (goal: at least 0.50×).
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { roomGrants } from "../server/db/tables.js";
import { hashToken, newToken } from "../server/features/deal-room/tokens.js";
import { onEachBenchDatabase, type OpenBenchDatabase } from "./lib/bench-databases.js";
import { measureLoad } from "./lib/load.js";
import { printTable, ratio } from "./lib/report.js";
import type { BenchSection } from "./lib/section.js";
import { rawServer } from "./lib/servers.js";
import { benchUser, signedInApp } from "./lib/signed-in-app.js";

const PAGES = 40;
const DOCUMENTS = 50;

/** A 40-page PDF of about 10 MB: a page of text each, and incompressible bytes to make the size. */
async function offeringMemorandum(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < PAGES; i++) {
    const page = doc.addPage();
    page.node.set(doc.context.obj("PieceInfo") as never, doc.context.register(doc.context.stream(randomBytes(250_000))));
    for (let l = 0; l < 40; l++) page.drawText(`Offering memorandum, page ${i + 1}, line ${l + 1}`, { x: 40, y: 760 - l * 18, size: 11, font });
  }
  return Buffer.from(await doc.save());
}

const run = (open: OpenBenchDatabase) => async () => {
  const { database, changes, dispose } = await open();
  try {
    const { db } = database;
    const { server: app, cookie } = await signedInApp(db, changes, await benchUser(db, "room-broker"));
    const servers = [app];
    try {
      const json = { cookie, "content-type": "application/json" };
      const post = async (path: string, body: unknown) => {
        const res = await fetch(`${app.url}${path}`, { method: "POST", headers: json, body: JSON.stringify(body) });
        if (!res.ok) throw new Error(`POST ${path}: HTTP ${res.status} ${await res.text()}`);
        return res.json() as Promise<{ id: string | number }>;
      };
      const listing = await post("/api/listings", { listingName: "Harbor Point Retail Center", address: "450 Riverside Dr", city: "Morgantown", state: "WV", offeringType: "Sell", propertyDescription: "Signalized corner retail with pylon signage.", marketingCategory: "Triple", askingPrice: 8_400_000 });
      const attach = async (fileName: string, bytes: Buffer, fields: Record<string, unknown>) => {
        const ticket = (await post("/api/documents/upload", { fileName, contentType: "application/octet-stream", size: bytes.length })) as unknown as { uploadURL: string; url: string };
        await fetch(new URL(ticket.uploadURL, app.url), { method: "PUT", headers: { cookie, "content-type": "application/octet-stream" }, body: new Uint8Array(bytes) });
        return (await post(`/api/listings/${listing.id}/documents`, { url: ticket.url, ...fields })).id;
      };
      const pdf = await offeringMemorandum();
      const omId = await attach("om.pdf", pdf, { title: "Offering memorandum", folder: "Marketing", level: "ca", downloadable: true });
      for (let i = 1; i < DOCUMENTS; i++) await attach(`lease-${i}.csv`, Buffer.from(`Unit,Rent\n${i},4200\n`), { title: `Lease abstract ${i}`, folder: i % 2 ? "Leases" : "Financials", level: "ca", downloadable: true });
      const grant = await post(`/api/listings/${listing.id}/room/grants`, { name: "Priya Natarajan", email: "priya@example.com", company: "Natarajan Capital", source: "waived", level: "ca" });
      const token = newToken();
      await db.update(roomGrants).set({ tokenHash: hashToken(token) }).where(eq(roomGrants.id, Number(grant.id)));
      const roomUrl = `${app.url}/r/${token}`;
      const fileUrl = `${roomUrl}/documents/${omId}`;

      const started = performance.now();
      const first = await fetch(fileUrl);
      const stamped = Buffer.from(await first.arrayBuffer());
      const firstMs = performance.now() - started;
      if (first.status !== 200) throw new Error(`the first stamp answered HTTP ${first.status}`);
      const page = await (await fetch(roomUrl)).text();
      const rawPdf = await rawServer(pdf, "application/pdf");
      const rawPage = await rawServer(Buffer.from(page), "text/html; charset=utf-8");
      servers.push(rawPdf, rawPage);

      console.log(`  ${(pdf.length / 1_048_576).toFixed(1)} MB, ${PAGES} pages; the first stamp (read, stamp in a worker, send): ${Math.round(firstMs)} ms; stamped ${(stamped.length / 1_048_576).toFixed(1)} MB`);
      const results = {
        rawPdf: await measureLoad(`${rawPdf.url}/om.pdf`),
        pdf: await measureLoad(fileUrl),
        rawPage: await measureLoad(`${rawPage.url}/room`),
        page: await measureLoad(roomUrl),
      };
      printTable([
        { label: "raw node:http, the original PDF", result: results.rawPdf },
        { label: "full app, the stamped PDF (cached)", result: results.pdf },
        { label: "raw node:http, the room page's HTML", result: results.rawPage },
        { label: `full app, the room page (${DOCUMENTS} documents)`, result: results.page },
      ]);
      console.log(`\n  stamped PDF / raw: ${ratio(results.pdf, results.rawPdf)} (goal >= 0.25×)   room page / raw: ${ratio(results.page, results.rawPage)} (goal >= 0.50×)`);
    } finally {
      for (const server of servers) await server.close();
    }
  } finally {
    await dispose();
  }
};

export const buyerRoomBench: BenchSection = { title: "Deal room: the buyer's room", run: () => onEachBenchDatabase((open) => run(open)()) };
