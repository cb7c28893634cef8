import { once } from "node:events";
import { Router, type Request, type Response } from "express";
import { exportRequestSchema, importRequestSchema } from "../../../shared/csv-columns.js";
import type { Db } from "../../db/database.js";
import { currentUser, requireUser } from "../../http/guards.js";
import { parse } from "../../http/validate.js";
import { importListings, recordExport, writeIncomeCsv, writeListingsCsv, type IncomeCsvFile } from "./service.js";

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

  /** Streams one export file; the file's rows are counted in the audit log once it is out. */
  const exportRoute = (fileName: string, file: IncomeCsvFile | undefined) => async (req: Request, res: Response) => {
    const { listingIds } = parse(exportRequestSchema, req.body);
    res.status(200);
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="${fileName}"`);
    res.setHeader("Cache-Control", "no-store");
    const ids = listingIds ?? undefined;
    try {
      const count = file ? await writeIncomeCsv(db, file, ids, writerFor(res)) : await writeListingsCsv(db, ids, writerFor(res));
      // Recorded once the file is out: an export changes nothing, so there is nothing to roll back.
      await recordExport(db, currentUser(req).id, count, listingIds ? "selected" : "all", file);
    } catch (err) {
      // The status line is gone once a row is written: cutting the connection is the only way left
      // to tell the client the file is incomplete.
      if (!res.headersSent) throw err;
      if (!(err instanceof ClientGone)) req.log?.error({ err }, "export failed mid-stream");
      res.destroy();
      return;
    }
    res.end();
  };

  router.post("/api/listings/export", requireUser, exportRoute("listings.csv", undefined));
  // Spaces and the rent roll are files of their own, of the same listings (docs/decisions/433-spaces-and-rent-roll-export-files.md).
  router.post("/api/listings/export/spaces", requireUser, exportRoute("spaces.csv", "spaces"));
  router.post("/api/listings/export/rent-roll", requireUser, exportRoute("rent-roll.csv", "rent-roll"));

  return router;
}
