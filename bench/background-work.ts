// The active list while background work runs: 10,000 listings imported through the CSV import
// (so their posts jobs are queued) with the job worker running as server/index.ts
// runs it, then the signed-in GET /api/listings/active under load while the posts are being
// written, and again once they are all written (steady state), each next to a raw node:http
// server sending the same bytes, measured in the same run once the writing is over.
// On PGlite, and on PostgreSQL when BENCH_DATABASE_URL is set.
import { count, eq } from "drizzle-orm";
import type { Db } from "../server/db/database.js";
import { listings } from "../server/db/tables.js";
import { importListings } from "../server/features/csv/service.js";
import { postsJobHandlers } from "../server/features/posts/service.js";
import { createBuiltInWriter } from "../server/integrations/posts/built-in-writer.js";
import { RequestsInFlight } from "../server/http/requests-in-flight.js";
import { startJobWorker } from "../server/jobs/worker.js";
import { createLogger } from "../server/logger.js";
import { generate } from "./csv-import.js";
import { onEachBenchDatabase, type OpenBenchDatabase } from "./lib/bench-databases.js";
import { measureLoad, DURATION_MS, WARMUP_MS, CONNECTIONS } from "./lib/load.js";
import { megabytes, printTable, ratio } from "./lib/report.js";
import type { BenchSection } from "./lib/section.js";
import { rawServer, type Running } from "./lib/servers.js";
import { benchUser, signedInApp } from "./lib/signed-in-app.js";

const ROWS = Number(process.env.BENCH_BACKGROUND_ROWS ?? 10_000);
const PATH = "/api/listings/active";


const pendingPosts = async (db: Db) =>
  (await db.select({ n: count() }).from(listings).where(eq(listings.postsStatus, "pending")))[0].n;

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

const run = (): Promise<void> => onEachBenchDatabase(runOn);

async function runOn(open: OpenBenchDatabase): Promise<void> {
  const { database, changes, dispose } = await open();
  const servers: Running[] = [];
  const logger = createLogger("silent");
  const { db } = database;
  // As server/index.ts wires them: jobs pause for the requests in flight between listings.
  const requests = new RequestsInFlight();
  const jobs = await startJobWorker({ db, logger, requests, handlers: postsJobHandlers({ db, writer: createBuiltInWriter(), logger }) });
  try {
    const user = await benchUser(db, "bench", false);
    const { server: full, cookie } = await signedInApp(db, changes, user, { logger, requests });
    servers.push(full);

    const importing = performance.now();
    const imported = await importListings(db, { csvData: generate(ROWS, "Owner prefers weekday showings.").importCsv, agentId: null }, user.id);
    const writingFrom = performance.now();
    jobs.wake();
    console.log(
      `  imported ${imported.successful.length.toLocaleString("en-US")} listings in ${seconds(writingFrom - importing)}; ` +
        `their posts are written by the job worker meanwhile`,
    );

    const before = await pendingPosts(db);
    const during = await measureLoad(`${full.url}${PATH}`, { cookie });
    const after = await pendingPosts(db);
    const loadEnded = performance.now();
    while ((await pendingPosts(db)) > 0) await new Promise((resolve) => setTimeout(resolve, 250));
    const writtenAt = performance.now();
    console.log(
      `  during the load: ${before.toLocaleString("en-US")} listings waiting for posts at its start, ${after.toLocaleString("en-US")} at its end` +
        (after === 0 ? " (the writing ended within the load: the figure mixes in steady state)" : "") +
        `; all written ${seconds(writtenAt - writingFrom)} after the import (${seconds(writtenAt - loadEnded)} after the load)`,
    );

    const sample = await fetch(`${full.url}${PATH}`, { headers: { cookie } });
    if (!sample.ok) throw new Error(`GET ${PATH} failed: HTTP ${sample.status}`);
    const body = Buffer.from(await sample.arrayBuffer());
    const raw = await rawServer(body, sample.headers.get("content-type") ?? "application/json");
    servers.push(raw);
    console.log(
      `  GET ${PATH}: ${(JSON.parse(body.toString()) as unknown[]).length.toLocaleString("en-US")} active listings, ${megabytes(body.length)} per response; ` +
        `${CONNECTIONS} keep-alive connections, ${DURATION_MS / 1000} s per target after a ${WARMUP_MS / 1000} s warm-up\n`,
    );
    const results = { raw: await measureLoad(`${raw.url}${PATH}`), steady: await measureLoad(`${full.url}${PATH}`, { cookie }) };
    printTable([
      { label: "raw node:http, same bytes (nothing in the background)", result: results.raw },
      { label: "full app, signed in, while posts are written", result: during },
      { label: "full app, signed in, steady state", result: results.steady },
    ]);
    console.log(
      `\n  while posts are written, full app / raw: ${ratio(during, results.raw)} (goal >= 0.50×)` +
        `   steady state, full app / raw: ${ratio(results.steady, results.raw)}`,
    );
  } finally {
    await jobs.stop();
    for (const server of servers) await server.close();
    await dispose();
  }
}

export const backgroundWork = { title: "Background work: the list while imported posts are written", run } satisfies BenchSection;
