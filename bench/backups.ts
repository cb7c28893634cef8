// The worst request time while a backup is taken: 10,000
// listings and 500 images, GET /api/listings/counts asked one after another (each answer is a
// database query) for a window without a backup and then for the length of a backup, in the same
// run; reported as the ratio of the two worst times. On PGlite the snapshot holds every statement
// for its length; on PostgreSQL (BENCH_DATABASE_URL) nobody waits for pg_dump.
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { backupKey } from "../server/features/backups/backup-key.js";
import { takeBackup } from "../server/features/backups/take-backup.js";
import { onEachBenchDatabase, type OpenBenchDatabase } from "./lib/bench-databases.js";
import { megabytes } from "./lib/report.js";
import type { BenchSection } from "./lib/section.js";
import { seedListings } from "./lib/seed-listings.js";
import type { Running } from "./lib/servers.js";
import { benchUser, signedInApp } from "./lib/signed-in-app.js";

const LISTINGS = Number(process.env.BENCH_BACKUP_LISTINGS ?? 10_000);
const IMAGES = Number(process.env.BENCH_BACKUP_IMAGES ?? 500);
const IMAGE_BYTES = 200 * 1024;
const PATH = "/api/listings/counts";

interface Probe {
  requests: number;
  worstMs: number;
  medianMs: number;
}

/** Sequential requests until `until` settles (or for `ms`), each timed. */
async function probe(url: string, cookie: string, until: Promise<unknown> | number): Promise<Probe> {
  const times: number[] = [];
  let done = false;
  const stop = typeof until === "number" ? new Promise((r) => setTimeout(r, until)) : until;
  void stop.finally(() => (done = true));
  while (!done || times.length === 0) {
    const start = performance.now();
    const res = await fetch(url, { headers: { cookie } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`GET ${PATH}: HTTP ${res.status}`);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { requests: times.length, worstMs: times.at(-1)!, medianMs: times[Math.floor(times.length / 2)] };
}

const ms = (value: number) => `${value.toFixed(1)} ms`;

const run = (): Promise<void> => onEachBenchDatabase(runOn);

async function runOn(open: OpenBenchDatabase): Promise<void> {
  const { database, changes, url, dispose } = await open();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-backups-"));
  const { db } = database;
  let server: Running | undefined;
  try {
    const user = await benchUser(db, "bench");
    await seedListings(db, LISTINGS, user.id, { facts: "full" });
    const images = path.join(dir, "objects", "images");
    fs.mkdirSync(images, { recursive: true });
    for (let i = 0; i < IMAGES; i++) fs.writeFileSync(path.join(images, crypto.randomUUID()), randomBytes(IMAGE_BYTES));
    const signedIn = await signedInApp(db, changes, user);
    server = signedIn.server;
    const { cookie } = signedIn;
    const target = `${server.url}${PATH}`;

    await probe(target, cookie, 1_000);
    const began = performance.now();
    const backingUp = takeBackup({ db, databaseUrl: url, images: { storage: "local", dir: path.join(dir, "objects") }, key: backupKey(randomBytes(32).toString("hex"), "BACKUP_KEY") }, path.join(dir, "backups"));
    const during = await probe(target, cookie, backingUp);
    const backup = await backingUp;
    const took = performance.now() - began;
    const without = await probe(target, cookie, Math.max(took, 2_000));
    console.log(
      `  ${LISTINGS.toLocaleString("en-US")} listings, ${IMAGES} images of ${IMAGE_BYTES / 1024} KB; backup ${megabytes(backup.bytes)} in about ${(took / 1000).toFixed(1)} s`,
    );
    console.log(`  GET ${PATH}, one request after another:`);
    console.log(`    without a backup: ${without.requests} requests, median ${ms(without.medianMs)}, worst ${ms(without.worstMs)}`);
    console.log(`    during the backup: ${during.requests} requests, median ${ms(during.medianMs)}, worst ${ms(during.worstMs)}`);
    console.log(`  worst during / worst without: ${(during.worstMs / without.worstMs).toFixed(1)}×`);
  } finally {
    await server?.close();
    await dispose();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export const backups = { title: "Backups: the worst request time while a backup is taken", run } satisfies BenchSection;
