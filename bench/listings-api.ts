// The listings list under load (goal P1 of docs/decisions/184-live-workspace-bench.md): the signed-in GET /api/listings/active over a
// seeded database, unchanged, next to a raw node:http server sending the same bytes (the floor)
// and to the same handler behind a bare Express app (no session, no other middleware); and the
// same request with If-None-Match next to a raw node:http 304. On PGlite, and on PostgreSQL when
// BENCH_DATABASE_URL is set.
import express from "express";
import type { Db } from "../server/db/database.js";
import { listListingsJson } from "../server/features/listings/data.js";
import { listingsRoutes } from "../server/features/listings/routes.js";
import { errorMiddleware } from "../server/http/error-middleware.js";
import { measureLoad, DURATION_MS, WARMUP_MS, CONNECTIONS } from "./lib/load.js";
import { megabytes, printTable, ratio } from "./lib/report.js";
import type { BenchSection } from "./lib/section.js";
import { onEachBenchDatabase, type OpenBenchDatabase } from "./lib/bench-databases.js";
import { listen, raw304Server, rawServer, type Running } from "./lib/servers.js";
import { seedListings } from "./lib/seed-listings.js";
import { benchUser, signedInApp } from "./lib/signed-in-app.js";

const LISTINGS = Number(process.env.BENCH_LISTINGS ?? 10_000);
const PATH = "/api/listings/active";


async function queryMs(db: Db, times = 5): Promise<number> {
  const started = performance.now();
  for (let i = 0; i < times; i++) await listListingsJson(db, "active");
  return (performance.now() - started) / times;
}

const run = (): Promise<void> => onEachBenchDatabase(runOn);

async function runOn(open: OpenBenchDatabase): Promise<void> {
  const { database, changes, dispose } = await open();
  const servers: Running[] = [];
  try {
    const { db } = database;
    const user = await benchUser(db, "bench", false);
    const seeding = performance.now();
    await seedListings(db, LISTINGS, user.id);
    console.log(`  seeded ${LISTINGS.toLocaleString("en-US")} listings in ${((performance.now() - seeding) / 1000).toFixed(1)} s`);

    const { server: full, cookie } = await signedInApp(db, changes, user);
    servers.push(full);

    const bare = express();
    bare.use((req, _res, next) => {
      req.user = user;
      next();
    });
    bare.use(listingsRoutes(db));
    bare.use(errorMiddleware);
    const handlerOnly = await listen(bare);
    servers.push(handlerOnly);

    const sample = await fetch(`${full.url}${PATH}`, { headers: { cookie } });
    if (!sample.ok) throw new Error(`GET ${PATH} failed: HTTP ${sample.status}`);
    const body = Buffer.from(await sample.arrayBuffer());
    const active = (JSON.parse(body.toString()) as unknown[]).length;
    const raw = await rawServer(body, sample.headers.get("content-type") ?? "application/json");
    servers.push(raw);
    const etag = sample.headers.get("etag") ?? "";
    const raw304 = await raw304Server(etag);
    servers.push(raw304);

    console.log(
      `  GET ${PATH}: ${active.toLocaleString("en-US")} active listings, ${megabytes(body.length)} per response; ` +
        `${CONNECTIONS} keep-alive connections, ${DURATION_MS / 1000} s per target after a ${WARMUP_MS / 1000} s warm-up\n`,
    );
    const results = {
      raw: await measureLoad(`${raw.url}${PATH}`),
      handler: await measureLoad(`${handlerOnly.url}${PATH}`),
      full: await measureLoad(`${full.url}${PATH}`, { cookie }),
      raw304: await measureLoad(`${raw304.url}${PATH}`, { "if-none-match": etag }, 304),
      full304: await measureLoad(`${full.url}${PATH}`, { cookie, "if-none-match": etag }, 304),
    };
    printTable([
      { label: "raw node:http, same bytes", result: results.raw },
      { label: "handler behind bare express (no session)", result: results.handler },
      { label: "full app, signed in (session + middleware)", result: results.full },
      { label: "raw node:http, 304", result: results.raw304 },
      { label: "full app, signed in, If-None-Match (304)", result: results.full304 },
    ]);
    console.log(
      `\n  P1 full body, full app / raw: ${ratio(results.full, results.raw)} (goal >= 0.50×)` +
        `   P1 304, full app / raw: ${ratio(results.full304, results.raw304)} (goal >= 0.50×)` +
        `\n  handler only / raw: ${ratio(results.handler, results.raw)}   full app / handler only: ${ratio(results.full, results.handler)}`,
    );
    console.log(`  the list query alone: ${(await queryMs(db)).toFixed(1)} ms per call (mean of 5, no HTTP)`);
  } finally {
    for (const server of servers) await server.close();
    await dispose();
  }
}

export const listingsApi: BenchSection = { title: "Listings API under load", run };
