// The notifications poll when nothing changed (every open tab asks every 5 seconds; goal
// P3 of docs/decisions/184-live-workspace-bench.md): the full app's 304, next to raw node:http and a bare Express app answering the same 304
// with no session and no database (the floors), and to the full app building the list each time
// (what the ETag saves). On PGlite, and on PostgreSQL when BENCH_DATABASE_URL is set.
import { sql } from "drizzle-orm";
import express from "express";
import { listings, notifications } from "../server/db/tables.js";
import type { Db } from "../server/db/database.js";
import { addNote } from "../server/features/notes/service.js";
import { listNotifications } from "../server/features/notifications/service.js";
import { measureLoad, DURATION_MS, WARMUP_MS, CONNECTIONS } from "./lib/load.js";
import { printTable, ratio } from "./lib/report.js";
import type { BenchSection } from "./lib/section.js";
import { onEachBenchDatabase, type OpenBenchDatabase } from "./lib/bench-databases.js";
import { listen, raw304Server, type Running } from "./lib/servers.js";
import { benchUser, signedInApp } from "./lib/signed-in-app.js";

const PER_USER = Number(process.env.BENCH_NOTIFICATIONS ?? 500);
const OTHER_USERS = 10;
const PATH = "/api/notifications";

/** PER_USER notifications for each user, a minute apart, the older half read. */
async function seedNotifications(db: Db, userIds: number[]): Promise<void> {
  const writer = await benchUser(db, "writer", false);
  const [listing] = await db
    .insert(listings)
    .values({
      listingName: "Mill Lofts",
      address: "1 Mill Street",
      city: "Wheeling",
      state: "WV",
      offeringType: "Lease",
      propertyDescription: "Loft offices over the river.",
      marketingCategory: "Triple",
    })
    .returning();
  const note = await addNote(db, writer, listing.id, "Seed note");
  const now = Date.now();
  for (const userId of userIds) {
    await db.insert(notifications).values(
      Array.from({ length: PER_USER }, (_, i) => ({
        userId,
        listingId: listing.id,
        noteId: note.id,
        message: `writer mentioned you in a note on Mill Lofts (${i + 1})`,
        isRead: i < PER_USER / 2,
        createdAt: new Date(now - (PER_USER - i) * 60_000),
      })),
    );
  }
  // PGlite runs no autovacuum, so nothing gathers planner statistics unless asked.
  await db.execute(sql`analyze`);
}


async function listQueryMs(db: Db, userId: number, times = 50): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < times; i++) await listNotifications(db, userId);
  return (performance.now() - started) / times;
}

export const run = (): Promise<void> => onEachBenchDatabase(runOn);

async function runOn(open: OpenBenchDatabase): Promise<void> {
  const { database, changes, dispose } = await open();
  const servers: Running[] = [];
  try {
    const { db } = database;
    const reader = await benchUser(db, "reader", false);
    const others = await Promise.all(Array.from({ length: OTHER_USERS }, (_, i) => benchUser(db, `teammate${i + 1}`, false)));
    await seedNotifications(db, [reader.id, ...others.map((u) => u.id)]);

    const { server: full, cookie } = await signedInApp(db, changes, reader);
    servers.push(full);
    const first = await fetch(`${full.url}${PATH}`, { headers: { cookie } });
    if (!first.ok) throw new Error(`GET ${PATH} failed: HTTP ${first.status}`);
    const listBytes = (await first.arrayBuffer()).byteLength;
    const etag = first.headers.get("etag")!;
    const cacheControl = first.headers.get("cache-control")!;

    // The same 304 (same tag, same headers) from Express alone: no session, no database.
    const bareApp = express();
    bareApp.disable("x-powered-by");
    bareApp.get(PATH, (req, res) => {
      res.set({ "Cache-Control": cacheControl, ETag: etag });
      if (req.fresh) res.status(304).end();
      else res.status(412).end();
    });
    const bare = await listen(bareApp);
    servers.push(bare);
    const raw = await raw304Server(etag);
    servers.push(raw);

    console.log(
      `  GET ${PATH}: ${PER_USER} notifications per user, ${OTHER_USERS + 1} users; the changed reply is ${listBytes.toLocaleString("en-US")} bytes; ` +
        `${CONNECTIONS} keep-alive connections, ${DURATION_MS / 1000} s per target after a ${WARMUP_MS / 1000} s warm-up\n`,
    );
    const results = {
      raw: await measureLoad(`${raw.url}${PATH}`, { "if-none-match": etag }, 304),
      bare: await measureLoad(`${bare.url}${PATH}`, { "if-none-match": etag }, 304),
      unchanged: await measureLoad(`${full.url}${PATH}`, { cookie, "if-none-match": etag }, 304),
      changed: await measureLoad(`${full.url}${PATH}`, { cookie }, 200),
    };
    printTable([
      { label: "raw node:http, same 304", result: results.raw },
      { label: "bare express, same 304", result: results.bare },
      { label: "full app, unchanged poll (304)", result: results.unchanged },
      { label: "full app, list built (200)", result: results.changed },
    ]);
    console.log(
      `\n  P3 unchanged poll / raw node:http: ${ratio(results.unchanged, results.raw)} (goal >= 0.50×)` +
        `   unchanged poll / bare express: ${ratio(results.unchanged, results.bare)}` +
        `   unchanged poll / list built: ${ratio(results.unchanged, results.changed)}`,
    );
    console.log(`  the list query alone: ${(await listQueryMs(db, reader.id)).toFixed(2)} ms per call (mean of 50, no HTTP)`);
  } finally {
    for (const server of servers) await server.close();
    await dispose();
  }
}

export const notificationsPoll: BenchSection = { title: "Notifications poll, unchanged list", run };
