import { Router, type Request } from "express";
import { insertInvitationSchema, patchMemberSchema, type User } from "../../../shared/schema.js";
import type { Db, Tx } from "../../db/database.js";
import { currentUser, requireAdmin } from "../../http/guards.js";
import { conflict, notFound } from "../../http/http-error.js";
import { idParam } from "../../http/id-param.js";
import type { PublicOrigin } from "../../http/public-origin.js";
import { parse } from "../../http/validate.js";
import {
  deleteInvitation,
  emailHasAccount,
  findInvitation,
  findPendingInvitationForEmail,
  findUsableInvitation,
  insertInvitation,
  listInvitations,
} from "./data.js";
import { resetLink } from "../account/service.js";
import { recordAuditEvent } from "../audit/service.js";
import { queueInvitationMail, queueResetMail } from "../mail/service.js";
import { listMembers } from "../users/service.js";
import { createMemberResetToken, updateMember } from "./members.js";
import { effectiveStatus, inviteLink, newInvitationToken, toInvitationDto } from "./rules.js";

const from = (req: Request) => ({ actor: currentUser(req), address: req.ip ?? "" });

export interface TeamOptions {
  /** SMTP is configured: invitations and reset links are also emailed. */
  sendsMail?: boolean;
  /** Where links point (PUBLIC_URL, or the request's own origin when it is not set). */
  publicOrigin: PublicOrigin;
}

export function teamRoutes(db: Db, opts: TeamOptions): Router {
  const router = Router();
  const originOf = opts.publicOrigin;

  router.get("/api/invitations/validate/:token", async (req, res) => {
    const invitation = await findUsableInvitation(db, req.params.token);
    res.json(invitation ? { valid: true, email: invitation.email } : { valid: false, email: null });
  });

  router.get("/api/invitations", requireAdmin, async (req, res) => {
    const origin = originOf(req);
    res.json((await listInvitations(db)).map((inv) => toInvitationDto(inv, origin)));
  });

  router.post("/api/invitations", requireAdmin, async (req, res) => {
    const { email } = parse(insertInvitationSchema, req.body);
    if (await emailHasAccount(db, email)) throw conflict(`${email} already has an account on this team`);
    if (await findPendingInvitationForEmail(db, email)) {
      throw conflict(`${email} already has a pending invitation. Copy its link from the list below.`);
    }
    const invitation = await db.transaction(async (tx) => {
      const created = await insertInvitation(tx, { email, token: newInvitationToken(), invitedBy: currentUser(req).id });
      await recordAuditEvent(tx, { kind: "team.invitation-created", actorId: currentUser(req).id, address: req.ip, data: { email } });
      if (opts.sendsMail) await queueInvitationMail(tx, email, currentUser(req).username, inviteLink(originOf(req), created.token));
      return created;
    });
    res.status(201).json({ ...toInvitationDto(invitation, originOf(req)), inviteLink: inviteLink(originOf(req), invitation.token) });
  });

  router.delete("/api/invitations/:id", requireAdmin, async (req, res) => {
    const id = idParam(req.params.id, "Invitation");
    const invitation = await findInvitation(db, id);
    if (!invitation) throw notFound("Invitation not found");
    if (effectiveStatus(invitation) === "accepted") throw conflict("An accepted invitation cannot be cancelled");
    await db.transaction(async (tx) => {
      await deleteInvitation(tx, id);
      await recordAuditEvent(tx, {
        kind: "team.invitation-cancelled",
        actorId: currentUser(req).id,
        address: req.ip,
        data: { email: invitation.email },
      });
    });
    res.status(204).end();
  });

  router.get("/api/team/members", requireAdmin, async (_req, res) => {
    res.json(await listMembers(db));
  });

  router.patch("/api/team/members/:id", requireAdmin, async (req, res) => {
    const id = idParam(req.params.id, "Member");
    const changes = parse(patchMemberSchema, req.body);
    res.json(await updateMember(db, id, changes, from(req)));
  });

  router.post("/api/team/members/:id/reset-link", requireAdmin, async (req, res) => {
    const id = idParam(req.params.id, "Member");
    const link = (token: string) => resetLink(originOf(req), token);
    const mailTo = opts.sendsMail ? (tx: Tx, user: User, token: string) => queueResetMail(tx, user.email!, user.username, link(token)) : undefined;
    const { token } = await createMemberResetToken(db, id, from(req), mailTo);
    res.status(201).json({ resetLink: link(token) });
  });

  return router;
}
