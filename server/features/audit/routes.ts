import { Router, type RequestHandler } from "express";
import type { Db } from "../../db/database.js";
import { currentUser, requireAdmin, requireUser } from "../../http/guards.js";
import { parse } from "../../http/validate.js";
import { auditQuerySchema, listActivity, listAudit, recordAuditEvent, writeAuditCsv } from "./service.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const listingId: RequestHandler = (req, _res, next) => next(UUID.test(String(req.params.id)) ? undefined : "route");

// Every teammate reads any listing's timeline (they share listings); only admins read the log.
// Reading writes nothing: neither these routes nor polling add entries, except the
// export, recorded as every export is.
export function auditRoutes(db: Db): Router {
  const router = Router();

  router.get("/api/listings/:id/activity", requireUser, listingId, async (req, res) => {
    res.json(await listActivity(db, String(req.params.id), req.query.cursor));
  });

  router.get("/api/audit", requireAdmin, async (req, res) => {
    res.json(await listAudit(db, parse(auditQuerySchema, req.query)));
  });

  router.get("/api/audit/export", requireAdmin, async (req, res) => {
    const query = parse(auditQuerySchema, req.query);
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader("Content-Disposition", 'attachment; filename="audit-log.csv"');
    res.setHeader("Cache-Control", "no-store");
    // A log of a few thousand lines: built whole, so a failure is still an error reply.
    const chunks: string[] = [];
    const count = await writeAuditCsv(db, query, async (chunk) => void chunks.push(chunk));
    // Exports are the one kind of read the log keeps (who, how many), the audit log's own too.
    const { cursor: _cursor, ...filters } = query;
    await recordAuditEvent(db, { kind: "csv.audit-exported", actorId: currentUser(req).id, address: req.ip, data: { count, filters } });
    res.send(chunks.join(""));
  });

  return router;
}
