import { Readable } from "node:stream";
import { Router } from "express";
import { z } from "zod";
import { LEADS_PAGE_MAX, leadPatchSchema } from "../../../shared/leads.js";
import type { Db } from "../../db/database.js";
import { currentUser, requireUser } from "../../http/guards.js";
import { notFound } from "../../http/http-error.js";
import { ifMatchVersions } from "../../http/if-match.js";
import { parse } from "../../http/validate.js";
import { getLead, inquiryAlertsOn, leadTag, leadsCsvChunks, listLeads, listProspects, patchLead, setInquiryAlerts } from "./service.js";
import { sendStream } from "../../http/send-stream.js";

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${LEADS_PAGE_MAX}`;
const leadsQuery = z.object({
  q: z.string().trim().max(200, "Search at most 200 characters").optional(),
  listingId: z.string().trim().max(100).optional(),
  cursor: z.string().max(200, "The cursor is not one this server gave out").optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, LIMIT_MESSAGE)
    .transform(Number)
    .refine((n) => n >= 1 && n <= LEADS_PAGE_MAX, LIMIT_MESSAGE)
    .optional(),
});
// "All inquiries" (enabled) and "Inquiries about my listings" (myListings): either or both.
const alertsBody = z
  .strictObject({
    enabled: z.boolean({ error: "enabled must be true or false" }).optional(),
    myListings: z.boolean({ error: "myListings must be true or false" }).optional(),
  })
  .refine((b) => b.enabled !== undefined || b.myListings !== undefined, { message: "Send enabled or myListings", path: ["enabled"] });

function leadId(value: string): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) throw notFound("Lead not found");
  return id;
}

// Leads are the team's: every signed-in teammate sees and edits them, as they do listings.
export function leadsRoutes(db: Db): Router {
  const router = Router();

  // One page, as a JSON array (the shape clients always had); the next page's address in a Link
  // header.
  router.get("/api/leads", requireUser, async (req, res) => {
    const { q, listingId, cursor, limit } = parse(leadsQuery, req.query);
    const filter = { q: q || undefined, listingId: listingId || undefined };
    const page = await listLeads(db, filter, { cursor, limit });
    if (page.nextCursor) {
      const next = new URLSearchParams({ ...(filter.q ? { q: filter.q } : {}), ...(filter.listingId ? { listingId: filter.listingId } : {}), ...(limit ? { limit: String(limit) } : {}), cursor: page.nextCursor });
      res.links({ next: `/api/leads?${next}` });
    }
    res.json(page.leads);
  });

  // Before /api/leads/:id. Streams every lead, batch by batch, each cell through the listings
  // export's formula neutralisation; a client that goes away stops the reading.
  router.get("/api/leads/export.csv", requireUser, async (_req, res) => {
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader("Content-Disposition", 'attachment; filename="leads.csv"');
    res.setHeader("Cache-Control", "private, no-store");
    await sendStream(Readable.from(leadsCsvChunks(db)), res);
  });

  // The ETag names the lead's version; an editor sends it back in If-Match.
  router.get("/api/leads/:id", requireUser, async (req, res) => {
    const lead = await getLead(db, leadId(String(req.params.id)));
    res.set({ ETag: leadTag(lead), "Cache-Control": "no-store" }).json(lead);
  });

  router.patch("/api/leads/:id", requireUser, async (req, res) => {
    const id = leadId(String(req.params.id));
    const patch = parse(leadPatchSchema, req.body);
    const lead = await patchLead(db, id, patch, currentUser(req).id, ifMatchVersions(req, "lead", id));
    res.set("ETag", leadTag(lead)).json(lead);
  });

  router.get("/api/listings/:id/prospects", requireUser, async (req, res) => {
    res.json(await listProspects(db, String(req.params.id)));
  });

  // Inquiry alerts: each person's own, and only theirs.
  router.get("/api/settings/inquiry-alerts", requireUser, async (req, res) => {
    res.json(await inquiryAlertsOn(db, currentUser(req).id));
  });

  router.put("/api/settings/inquiry-alerts", requireUser, async (req, res) => {
    res.json(await setInquiryAlerts(db, currentUser(req).id, parse(alertsBody, req.body)));
  });

  return router;
}
