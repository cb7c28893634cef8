import { Router } from "express";
import { addProspectSchemaFor, digestChoiceSchema, followUpSettingsSchema, moveProspectSchema } from "../../../shared/prospects.js";
import type { Db } from "../../db/database.js";
import { currentUser, requireAdmin, requireUser } from "../../http/guards.js";
import { notFound } from "../../http/http-error.js";
import { parse } from "../../http/validate.js";
import { addProspect, chooseDigest, digestChosen, followUpDays, listFollowUps, moveProspect, removeProspect, setFollowUpDays } from "./service.js";

function leadId(value: string): number {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1) throw notFound("Lead not found");
  return id;
}

// The pipeline is the team's, like the leads: every signed-in teammate moves prospects; the
// follow-up rule is the team's too, so only admins change it; the digest is each member's own.
export function prospectsRoutes(db: Db): Router {
  const router = Router();

  router.post("/api/listings/:id/prospects", requireUser, async (req, res) => {
    const input = parse(addProspectSchemaFor(req.body), req.body);
    res.status(201).json(await addProspect(db, String(req.params.id), input, currentUser(req).id));
  });

  router.patch("/api/listings/:id/prospects/:leadId", requireUser, async (req, res) => {
    const input = parse(moveProspectSchema, req.body);
    res.json(await moveProspect(db, String(req.params.id), leadId(String(req.params.leadId)), input, currentUser(req).id));
  });

  router.delete("/api/listings/:id/prospects/:leadId", requireUser, async (req, res) => {
    await removeProspect(db, String(req.params.id), leadId(String(req.params.leadId)), currentUser(req).id);
    res.status(204).end();
  });

  // "Needs follow-up" on the Leads page.
  router.get("/api/prospects/follow-ups", requireUser, async (_req, res) => {
    res.json(await listFollowUps(db));
  });

  router.get("/api/settings/follow-up", requireUser, async (_req, res) => {
    res.json({ days: await followUpDays(db) });
  });

  router.put("/api/settings/follow-up", requireAdmin, async (req, res) => {
    const { days } = parse(followUpSettingsSchema, req.body);
    res.json({ days: await setFollowUpDays(db, days, currentUser(req).id) });
  });

  router.get("/api/settings/prospect-digest", requireUser, async (req, res) => {
    res.json({ enabled: await digestChosen(db, currentUser(req).id) });
  });

  router.put("/api/settings/prospect-digest", requireUser, async (req, res) => {
    const { enabled } = parse(digestChoiceSchema, req.body);
    res.json({ enabled: await chooseDigest(db, currentUser(req).id, enabled) });
  });

  return router;
}
