// The members' side of the deal room: rules, agreements (admins), grants, signed PDFs, verify.
import express, { Router, type Request } from "express";
import { caTemplateSchema, grantCreateSchema, grantPatchSchema, roomRulesSchema } from "../../../shared/deal-room.js";
import type { Db } from "../../db/database.js";
import { currentUser, requireAdmin, requireUser } from "../../http/guards.js";
import { badRequest } from "../../http/http-error.js";
import { idParam } from "../../http/id-param.js";
import type { TrustedOrigin } from "../../http/public-origin.js";
import { parse } from "../../http/validate.js";
import { createGrant, createTemplate, getRules, grantProof, listGrants, listTemplates, patchGrant, roomActivity, setRules, signedPdf, updateTemplate, verifyPdf, type GrantProofs } from "./service.js";
import { sendStream } from "../../http/send-stream.js";

export interface DealRoomRouteDeps {
  trustedOrigin: TrustedOrigin;
  sendsMail: boolean;
  /** The documents feature's store for signed copies kept as proof. */
  proofs: GrantProofs;
}

/** A signed agreement is a few pages of text: 10 MB is far past any we make. */
const MAX_VERIFY_BYTES = "10mb";
const pdfBody = express.raw({ type: "application/pdf", limit: MAX_VERIFY_BYTES });

export function dealRoomRoutes(db: Db, deps: DealRoomRouteDeps): Router {
  const router = Router();
  const listingId = (req: Request) => String(req.params.id);
  const alerts = async () => ({ sendsMail: deps.sendsMail, origin: await deps.trustedOrigin() });

  router.get("/api/listings/:id/room", requireUser, async (req, res) => {
    res.json({ ...(await getRules(db, listingId(req))), mailReady: deps.sendsMail });
  });

  router.put("/api/listings/:id/room", requireUser, async (req, res) => {
    const input = parse(roomRulesSchema, req.body);
    res.json({ ...(await setRules(db, listingId(req), input, currentUser(req).id)), mailReady: deps.sendsMail });
  });

  router.get("/api/ca-templates", requireUser, async (_req, res) => {
    res.json(await listTemplates(db));
  });

  router.post("/api/ca-templates", requireAdmin, async (req, res) => {
    res.status(201).json(await createTemplate(db, parse(caTemplateSchema, req.body), currentUser(req).id));
  });

  router.put("/api/ca-templates/:id", requireAdmin, async (req, res) => {
    const id = idParam(req.params.id, "Template");
    res.json(await updateTemplate(db, id, parse(caTemplateSchema, req.body), currentUser(req).id));
  });

  router.get("/api/listings/:id/room/grants", requireUser, async (req, res) => {
    res.json(await listGrants(db, listingId(req)));
  });

  router.post("/api/listings/:id/room/grants", requireUser, async (req, res) => {
    const input = parse(grantCreateSchema, req.body);
    res.status(201).json(await createGrant(db, listingId(req), input, currentUser(req).id, await alerts(), deps.proofs));
  });

  router.patch("/api/listings/:id/room/grants/:grantId", requireUser, async (req, res) => {
    const id = idParam(req.params.grantId, "Grant");
    const patch = parse(grantPatchSchema, req.body);
    res.json(await patchGrant(db, listingId(req), id, patch, currentUser(req).id, await alerts()));
  });

  router.get("/api/listings/:id/room/grants/:grantId/ca.pdf", requireUser, async (req, res) => {
    const pdf = await signedPdf(db, listingId(req), idParam(req.params.grantId, "Grant"));
    res.setHeader("Cache-Control", "private, no-store");
    res.setHeader("Content-Disposition", 'inline; filename="signed-confidentiality-agreement.pdf"');
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.type("application/pdf").send(pdf);
  });

  // The signed copy of a CA signed elsewhere: the team's, like the signed agreements.
  router.get("/api/listings/:id/room/grants/:grantId/proof", requireUser, async (req, res) => {
    const { file, body } = await grantProof(db, deps.proofs, listingId(req), idParam(req.params.grantId, "Grant"));
    res.set({
      "Cache-Control": "private, no-store",
      "Content-Type": file.contentType,
      "Content-Length": String(file.size),
      "Content-Disposition": `inline; filename="${file.fileName}"`,
      "X-Content-Type-Options": "nosniff",
    });
    await sendStream(body, res);
  });

  // Every buyer's views and downloads, the recall list and the funnel: the team's, like the grants.
  router.get("/api/listings/:id/room/activity", requireUser, async (req, res) => {
    res.setHeader("Cache-Control", "private, no-store");
    res.json(await roomActivity(db, listingId(req)));
  });

  // Members only: a verification says who signed, which is the team's to know.
  router.post("/api/ca/verify", requireUser, pdfBody, async (req, res) => {
    if (!Buffer.isBuffer(req.body) || req.body.length === 0) throw badRequest("Send the PDF itself as the body, with Content-Type: application/pdf");
    res.json(await verifyPdf(db, req.body));
  });

  return router;
}
