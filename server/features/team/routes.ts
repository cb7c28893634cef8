import { Router, type Request } from "express";
import { insertInvitationSchema, patchMemberSchema } from "../../../shared/schema.js";
import type { Db } from "../../db/database.js";
import { currentUser, requireAdmin } from "../../http/guards.js";
import { idParam } from "../../http/id-param.js";
import type { PublicOrigin } from "../../http/public-origin.js";
import { parse } from "../../http/validate.js";
import { createMemberResetLink } from "../account/service.js";
import {
  cancelInvitation,
  findUsableInvitation,
  invitationList,
  inviteByEmail,
  memberList,
  updateMember,
} from "./service.js";

const from = (req: Request) => ({ actor: currentUser(req), address: req.ip ?? "" });

export interface TeamOptions {
  /** SMTP is configured: invitations and reset links are also emailed. */
  sendsMail?: boolean;
  /** Where links point: the trusted origin, or the admin's own when there is none yet (server/http/public-origin.ts). */
  publicOrigin: PublicOrigin;
}

export function teamRoutes(db: Db, opts: TeamOptions): Router {
  const router = Router();
  const linksFor = async (req: Request) => ({ origin: await opts.publicOrigin(req), sendsMail: opts.sendsMail });

  router.get("/api/invitations/validate/:token", async (req, res) => {
    const invitation = await findUsableInvitation(db, req.params.token);
    res.json(invitation ? { valid: true, email: invitation.email } : { valid: false, email: null });
  });

  router.get("/api/invitations", requireAdmin, async (req, res) => {
    res.json(await invitationList(db, await opts.publicOrigin(req)));
  });

  router.post("/api/invitations", requireAdmin, async (req, res) => {
    const { email } = parse(insertInvitationSchema, req.body);
    const invitation = await inviteByEmail(db, email, from(req), await linksFor(req));
    res.status(201).json(invitation);
  });

  router.delete("/api/invitations/:id", requireAdmin, async (req, res) => {
    await cancelInvitation(db, idParam(req.params.id, "Invitation"), from(req));
    res.status(204).end();
  });

  router.get("/api/team/members", requireAdmin, async (_req, res) => {
    res.json(await memberList(db));
  });

  router.patch("/api/team/members/:id", requireAdmin, async (req, res) => {
    const id = idParam(req.params.id, "Member");
    const changes = parse(patchMemberSchema, req.body);
    res.json(await updateMember(db, id, changes, from(req)));
  });

  router.post("/api/team/members/:id/reset-link", requireAdmin, async (req, res) => {
    const resetLink = await createMemberResetLink(db, idParam(req.params.id, "Member"), from(req), await linksFor(req));
    res.status(201).json({ resetLink });
  });

  return router;
}
