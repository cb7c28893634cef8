// Upload links never attached to a document are deleted a day after they were issued, with
// whatever bytes reached `docsin/`: files chosen and then abandoned. An hourly job on the one job
// queue (server/jobs), as the images' sweep is, so N app servers still sweep once an hour.
import type { Db } from "../../db/database.js";
import type { ObjectStorage } from "../../integrations/storage/object-storage.js";
import type { JobHandlers } from "../../jobs/queue.js";
import { deleteUploads, findUploadsIssuedBefore } from "./data.js";
import { documentObjects } from "./service.js";

export const SWEEP_UNATTACHED_DOCUMENTS = "documents.sweep-unattached";
export const UNATTACHED_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const SWEEP_EVERY_MS = 60 * 60 * 1000;
const BATCH = 100;

/** Deletes upload links older than a day, their bytes first, and returns how many went. */
export async function sweepUnattachedUploads({ db, storage, now }: { db: Db; storage: ObjectStorage; now: Date }): Promise<number> {
  const before = new Date(now.getTime() - UNATTACHED_MAX_AGE_MS);
  let deleted = 0;
  // A long backlog is worked off over several hours, 20 batches a pass.
  for (let batch = 0; batch < 20; batch++) {
    const keys = await findUploadsIssuedBefore(db, before, BATCH);
    // Rows go last: if a delete fails, the row is still there for the next pass to retry.
    for (const key of keys) await storage.delete(documentObjects.incoming(key));
    await deleteUploads(db, keys);
    deleted += keys.length;
    if (keys.length < BATCH) break;
  }
  return deleted;
}

export function documentJobHandlers(storage: ObjectStorage): JobHandlers {
  return {
    [SWEEP_UNATTACHED_DOCUMENTS]: {
      everyMs: SWEEP_EVERY_MS,
      async run(_payload, { db, now, logger }) {
        const deleted = await sweepUnattachedUploads({ db, storage, now });
        if (deleted) logger.info({ deleted }, "deleted deal-room uploads never attached");
      },
    },
  };
}
