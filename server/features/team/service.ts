// The Team page's rules: invitations (who may be invited, cancelling one, using one up at
// registration) here; members' roles, states and reset links in members.ts.
import type { Invitation, InvitationDto, TeamMemberDto } from "../../../shared/schema.js";
import type { Db, Tx } from "../../db/database.js";
import { conflict, notFound } from "../../http/http-error.js";
import { recordAuditEvent } from "../audit/service.js";
import { queueInvitationMail } from "../mail/service.js";
import { listMembers } from "../users/service.js";
import {
  acceptInvitation as acceptPendingInvitation,
  deleteInvitation,
  emailHasAccount,
  findInvitation,
  findPendingInvitationForEmail,
  findUsableInvitation as findPendingInvitation,
  insertInvitation,
  listInvitations,
} from "./data.js";
import { effectiveStatus, inviteLink, newInvitationToken, toInvitationDto } from "./rules.js";

export { MEMBER_NOT_FOUND, updateMember } from "./members.js";

/** Who is asking, for the audit trail. */
export interface From {
  actor: { id: number; username: string };
  address: string;
}

/** A pending, unexpired invitation with this token (the sign-up page asks before showing its form). */
export async function findUsableInvitation(db: Db, token: string): Promise<Invitation | undefined> {
  return findPendingInvitation(db, token);
}

/** Uses an invitation up at registration; of two registrations racing with one token, one gets it. */
export async function acceptInvitation(tx: Tx | Db, token: string): Promise<Invitation | undefined> {
  return acceptPendingInvitation(tx, token);
}

export async function invitationList(db: Db, origin: string): Promise<InvitationDto[]> {
  return (await listInvitations(db)).map((inv) => toInvitationDto(inv, origin));
}

/** The team's members for the Members section. */
export async function memberList(db: Db): Promise<TeamMemberDto[]> {
  return listMembers(db);
}

/**
 * Invites an address that has no account and no pending invitation, recording it and (with
 * `sendsMail`) queueing its email in the same transaction.
 */
export async function inviteByEmail(
  db: Db,
  email: string,
  from: From,
  opts: { origin: string; sendsMail?: boolean },
): Promise<InvitationDto & { inviteLink: string }> {
  if (await emailHasAccount(db, email)) throw conflict(`${email} already has an account on this team`);
  if (await findPendingInvitationForEmail(db, email)) {
    throw conflict(`${email} already has a pending invitation. Copy its link from the list below.`);
  }
  const invitation = await db.transaction(async (tx) => {
    const created = await insertInvitation(tx, { email, token: newInvitationToken(), invitedBy: from.actor.id });
    await recordAuditEvent(tx, { kind: "team.invitation-created", actorId: from.actor.id, address: from.address, data: { email } });
    if (opts.sendsMail) await queueInvitationMail(tx, email, from.actor.username, inviteLink(opts.origin, created.token));
    return created;
  });
  return { ...toInvitationDto(invitation, opts.origin), inviteLink: inviteLink(opts.origin, invitation.token) };
}

/** Cancels an invitation that has not been used; an accepted one stays. */
export async function cancelInvitation(db: Db, id: number, from: From): Promise<void> {
  const invitation = await findInvitation(db, id);
  if (!invitation) throw notFound("Invitation not found");
  if (effectiveStatus(invitation) === "accepted") throw conflict("An accepted invitation cannot be cancelled");
  await db.transaction(async (tx) => {
    await deleteInvitation(tx, id);
    await recordAuditEvent(tx, { kind: "team.invitation-cancelled", actorId: from.actor.id, address: from.address, data: { email: invitation.email } });
  });
}

