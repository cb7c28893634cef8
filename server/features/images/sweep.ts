// Uploads nobody uses are deleted a day after their URL was issued: pictures picked and then
// abandoned, images a listing no longer shows, upload URLs never used.
// An hourly job on the one job queue (server/jobs), so N app servers still sweep once an hour.
import type { Db } from "../../db/database.js";
import { imageObjects } from "../../integrations/storage/image-urls.js";
import type { ObjectStorage } from "../../integrations/storage/object-storage.js";
import type { JobHandlers } from "../../jobs/queue.js";
import { deleteObjectRows, findUnusedObjects } from "./data.js";
import { COPY_WIDTHS } from "./thumbnails.js";

export const SWEEP_UNUSED_UPLOADS = "images.sweep-unused";
export const UNUSED_UPLOAD_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;

export interface SweepOptions {
  db: Db;
  storage: ObjectStorage;
  now: Date;
  /** Uploads per batch (default 100). */
  batchSize?: number;
  /** Batches per pass (default 20): a long backlog is worked off over several hours. */
  maxBatches?: number;
}

/** Every object an upload may have left, in either storage; deleting a missing one is fine. */
const objectsOf = (key: string) => [
  imageObjects.incoming(key),
  imageObjects.original(key),
  ...COPY_WIDTHS.map((width) => imageObjects.thumbnail(key, width)),
];

/** Deletes unused uploads older than a day, objects first, and returns how many went. */
export async function sweepUnusedUploads({ db, storage, now, batchSize = 100, maxBatches = 20 }: SweepOptions): Promise<number> {
  const createdBefore = new Date(now.getTime() - UNUSED_UPLOAD_MAX_AGE_MS);
  let deleted = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const keys = await findUnusedObjects(db, { createdBefore, limit: batchSize });
    // Rows go last: if a delete fails, the row is still there for the next pass to retry.
    for (const key of keys) await Promise.all(objectsOf(key).map((name) => storage.delete(name)));
    await deleteObjectRows(db, keys);
    deleted += keys.length;
    if (keys.length < batchSize) break;
  }
  return deleted;
}

export function imageJobHandlers(storage: ObjectStorage): JobHandlers {
  return {
    [SWEEP_UNUSED_UPLOADS]: {
      everyMs: SWEEP_EVERY_MS,
      async run(_payload, { db, now, logger }) {
        const deleted = await sweepUnusedUploads({ db, storage, now });
        if (deleted) logger.info({ deleted }, "deleted uploads no listing uses");
      },
    },
  };
}
