import { once } from "node:events";
import { Router, type Response } from "express";
import { exportRequestSchema, importRequestSchema } from "../../../shared/csv-columns.js";
import type { Db } from "../../db/database.js";
import { currentUser, requireUser } from "../../http/guards.js";
import { parse } from "../../http/validate.js";
import { importListings, recordExport, writeListingsCsv } from "./service.js";

class ClientGone extends Error {}

/** Writes with backpressure: waits while the client is slower than the database, and stops
 * reading the database once the client has gone. */
const writerFor = (res: Response) => async (chunk: string) => {
  if (res.destroyed) throw new ClientGone();
  if (!res.write(chunk)) await Promise.race([once(res, "drain"), once(res, "close")]);
};

export function csvRoutes(db: Db): Router {
  const router = Router();

  router.post("/api/listings/import", requireUser, async (req, res) => {
    res.json(await importListings(db, parse(importRequestSchema, req.body), currentUser(req).id));
  });

  router.post("/api/listings/export", requireUser, async (req, res) => {
    const { listingIds } = parse(exportRequestSchema, req.body);
    res.status(200);
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader("Content-Disposition", 'attachment; filename="listings.csv"');
    res.setHeader("Cache-Control", "no-store");
    try {
      const count = await writeListingsCsv(db, listingIds ?? undefined, writerFor(res));
      // Recorded once the file is out: an export changes nothing, so there is nothing to roll back.
      await recordExport(db, currentUser(req).id, count, listingIds ? "selected" : "all");
    } catch (err) {
      // The status line is gone once a row is written: cutting the connection is the only way left
      // to tell the client the file is incomplete.
      if (!res.headersSent) throw err;
      if (!(err instanceof ClientGone)) req.log?.error({ err }, "export failed mid-stream");
      res.destroy();
      return;
    }
    res.end();
  });

  return router;
}
