// The Members section's rules: promote, demote, deactivate, reactivate (reset links: the account
// feature, which owns reset tokens).
// At least one active admin always remains, or nobody could run the team any more.
import type { PublicUser, TeamMemberDto, User } from "../../../shared/schema.js";
import type { Db } from "../../db/database.js";
import { conflict, notFound } from "../../http/http-error.js";
import { touchProfileOfMember } from "../agents/service.js";
import { recordAuditEvent } from "../audit/service.js";
import { endUserSessions } from "../sessions/service.js";
import { countOtherActiveAdmins, lockUser, updateMemberFlags } from "../users/service.js";
import { lockAdminChanges } from "./data.js";

export const MEMBER_NOT_FOUND = "Member not found";
export const lastAdminMessage = (username: string, action: "demote" | "deactivate") =>
  `${username} is the only active admin. Make someone else an admin before you ${action} them, so the team always has one.`;

interface From {
  actor: Pick<PublicUser, "id">;
  address: string;
}

const toMember = (u: User): TeamMemberDto => ({
  id: u.id,
  username: u.username,
  email: u.email,
  isAdmin: u.isAdmin,
  isActive: u.isActive,
  createdAt: u.createdAt,
  lastSignInAt: u.lastSignInAt,
});

/**
 * Changes a member's role and/or state. Deactivation ends all their sessions in the same
 * transaction; a demotion needs nothing more, since every request reads the current role.
 */
export async function updateMember(
  db: Db,
  id: number,
  changes: { isAdmin?: boolean; isActive?: boolean },
  from: From,
): Promise<TeamMemberDto> {
  return db.transaction(async (tx) => {
    await lockAdminChanges(tx);
    const user = await lockUser(tx, id);
    if (!user) throw notFound(MEMBER_NOT_FOUND);
    const isAdmin = changes.isAdmin ?? user.isAdmin;
    const isActive = changes.isActive ?? user.isActive;
    const wasActiveAdmin = user.isAdmin && user.isActive;
    if (wasActiveAdmin && !(isAdmin && isActive) && (await countOtherActiveAdmins(tx, id)) === 0) {
      throw conflict(lastAdminMessage(user.username, isActive ? "demote" : "deactivate"));
    }
    const updated = await updateMemberFlags(tx, id, { isAdmin, isActive });
    const event = { actorId: from.actor.id, address: from.address };
    const who = { userId: user.id, username: user.username };
    if (isAdmin !== user.isAdmin) await recordAuditEvent(tx, { ...event, kind: "team.role-changed", data: { ...who, isAdmin } });
    if (isActive !== user.isActive) {
      if (!isActive) await endUserSessions(tx, id);
      // Their listings' pages stop (or start again) promising that they will be in touch.
      await touchProfileOfMember(tx, id);
      await recordAuditEvent(tx, { ...event, kind: isActive ? "team.reactivated" : "team.deactivated", data: who });
    }
    return toMember(updated);
  });
}
