// The signed-in person's own account: password change, password reset with an admin's link,
// and their sessions; and the reset link an admin creates for a member (Team's "Create reset link").
import { createHash } from "node:crypto";
import type { AccountSessionDto, PublicUser } from "../../../shared/schema.js";
import type { Db, Tx } from "../../db/database.js";
import { badRequest, conflict, notFound } from "../../http/http-error.js";
import { recordAuditEvent } from "../audit/service.js";
import { checkPasswordStrength, hashPassword, verifyPassword } from "../auth/service.js";
import { queueResetMail } from "../mail/service.js";
import { MEMBER_NOT_FOUND } from "../team/service.js";
import { deleteSessionsOf, endUserSessions, listUserSessions, type SessionMeta, type SessionOwner } from "../sessions/service.js";
import { findUserById, setPasswordHash } from "../users/service.js";
import { browserName } from "./browser-name.js";
import { consumeResetToken, findResetTarget, replaceResetToken } from "./data.js";
import { hashResetToken, newResetToken, resetLink } from "./reset-token.js";

export const WRONG_CURRENT_PASSWORD = "Current password is incorrect";
export const INVALID_RESET_LINK = "This password reset link is invalid, has expired or has already been used. Ask an admin for a new one.";

export interface AccountConfig {
  scryptCost: number;
  /** A session unused this long ends (app.ts); its last activity is read back from its expiry. */
  sessionIdleMs: number;
}

interface From {
  address: string;
}

function assertStrongNewPassword(password: string, who: { username: string; email: string | null }) {
  const reason = checkPasswordStrength(password, who);
  if (reason) throw badRequest(reason, { newPassword: reason });
}

/** Sets the password and ends every session of the user; returns whom to issue a new session for. */
async function replacePassword(tx: Tx, userId: number, hash: string): Promise<SessionOwner> {
  await setPasswordHash(tx, userId, hash);
  await endUserSessions(tx, userId);
  const user = (await findUserById(tx, userId))!;
  return { id: user.id, username: user.username, email: user.email, isAdmin: user.isAdmin, sessionEpoch: user.sessionEpoch };
}

/** The current password must be right; every session ends, and the caller re-issues this one. */
export async function changePassword(
  db: Db,
  cfg: AccountConfig,
  me: PublicUser,
  input: { currentPassword: string; newPassword: string },
  from: From,
): Promise<SessionOwner> {
  const user = await findUserById(db, me.id);
  if (!user) throw notFound("Account not found");
  if (!(await verifyPassword(input.currentPassword, user.password))) {
    throw badRequest(WRONG_CURRENT_PASSWORD, { currentPassword: WRONG_CURRENT_PASSWORD });
  }
  assertStrongNewPassword(input.newPassword, user);
  const hash = await hashPassword(input.newPassword, cfg.scryptCost);
  return db.transaction(async (tx) => {
    const owner = await replacePassword(tx, user.id, hash);
    await recordAuditEvent(tx, { kind: "account.password-changed", actorId: user.id, address: from.address });
    return owner;
  });
}

/** A new one-time link for a user; earlier unused links of theirs stop working. */
async function createResetToken(tx: Tx, userId: number, createdById: number): Promise<string> {
  const token = newResetToken();
  await replaceResetToken(tx, { userId, tokenHash: hashResetToken(token), createdById });
  return token;
}

/**
 * A one-time reset link for an active member, recorded (never the token) in the audit trail;
 * with `sendsMail`, its email is queued in the same transaction when they have an address.
 */
export async function createMemberResetLink(
  db: Db,
  id: number,
  from: { actor: Pick<PublicUser, "id">; address: string },
  opts: { origin: string; sendsMail?: boolean },
): Promise<string> {
  const user = await findUserById(db, id);
  if (!user) throw notFound(MEMBER_NOT_FOUND);
  if (!user.isActive) throw conflict(`${user.username} is deactivated. Reactivate them before creating a reset link.`);
  const token = await db.transaction(async (tx) => {
    const created = await createResetToken(tx, id, from.actor.id);
    await recordAuditEvent(tx, {
      kind: "team.reset-link-created",
      actorId: from.actor.id,
      address: from.address,
      data: { userId: user.id, username: user.username },
    });
    if (opts.sendsMail && user.email) await queueResetMail(tx, user.email, user.username, resetLink(opts.origin, created));
    return created;
  });
  return resetLink(opts.origin, token);
}

export async function validateResetToken(db: Db, token: string): Promise<{ valid: boolean; username: string | null }> {
  const target = await findResetTarget(db, hashResetToken(token));
  return target ? { valid: true, username: target.username } : { valid: false, username: null };
}

/**
 * Sets a new password with a reset link. The link is checked and the password judged before it
 * is hashed; the link is used up in the same transaction as the change, so it works once.
 */
export async function resetPassword(
  db: Db,
  cfg: AccountConfig,
  input: { token: string; newPassword: string },
  from: From,
): Promise<SessionOwner> {
  const tokenHash = hashResetToken(input.token);
  const target = await findResetTarget(db, tokenHash);
  if (!target) throw badRequest(INVALID_RESET_LINK);
  assertStrongNewPassword(input.newPassword, target);
  const hash = await hashPassword(input.newPassword, cfg.scryptCost);
  return db.transaction(async (tx) => {
    const userId = await consumeResetToken(tx, tokenHash);
    if (userId !== target.id) throw badRequest(INVALID_RESET_LINK);
    const owner = await replacePassword(tx, userId, hash);
    await recordAuditEvent(tx, { kind: "auth.password-reset", actorId: userId, address: from.address, data: { username: owner.username } });
    return owner;
  });
}

// ---------------------------------------------------------------- sessions

/** What the browser is told instead of a session id: a session id is a bearer credential. */
export const opaqueSessionId = (sid: string) => createHash("sha256").update(`account-session:${sid}`).digest("base64url").slice(0, 32);

const metaOf = (sess: unknown) => (sess as { meta?: SessionMeta } | null)?.meta;
const signedInAtOf = (sess: unknown) => (sess as { passport?: { user?: { signedInAt?: number } } } | null)?.passport?.user?.signedInAt;

export async function listSessions(db: Db, cfg: AccountConfig, me: PublicUser, currentSid: string): Promise<AccountSessionDto[]> {
  const rows = await listUserSessions(db, me.id);
  const now = Date.now();
  return rows
    .map((row) => {
      const meta = metaOf(row.sess);
      const started = meta?.startedAt ?? signedInAtOf(row.sess) ?? null;
      const current = row.sid === currentSid;
      // The store extends a session's expiry at most daily (no write per request), so the last
      // activity of another session is known to within a day.
      const lastActive = current ? now : Math.max(row.expire.getTime() - cfg.sessionIdleMs, started ?? 0);
      return {
        id: opaqueSessionId(row.sid),
        browser: browserName(meta?.userAgent ?? ""),
        address: meta?.address ?? null,
        startedAt: started === null ? null : new Date(started).toISOString(),
        lastActiveAt: lastActive ? new Date(lastActive).toISOString() : null,
        current,
      };
    })
    .sort((a, b) => Number(b.current) - Number(a.current) || (b.lastActiveAt ?? "").localeCompare(a.lastActiveAt ?? ""));
}

async function endSessions(db: Db, me: PublicUser, sids: string[], from: From): Promise<number> {
  return db.transaction(async (tx) => {
    const count = await deleteSessionsOf(tx, me.id, sids);
    if (count > 0) await recordAuditEvent(tx, { kind: "account.session-ended", actorId: me.id, address: from.address, data: { count } });
    return count;
  });
}

/** Signs out one of my sessions by its opaque id; 404 when no session of mine has it. */
export async function endSession(db: Db, me: PublicUser, opaqueId: string, from: From): Promise<void> {
  const row = (await listUserSessions(db, me.id)).find((r) => opaqueSessionId(r.sid) === opaqueId);
  if (!row || (await endSessions(db, me, [row.sid], from)) === 0) throw notFound("Session not found");
}

export async function endOtherSessions(db: Db, me: PublicUser, currentSid: string, from: From): Promise<number> {
  const others = (await listUserSessions(db, me.id)).filter((r) => r.sid !== currentSid).map((r) => r.sid);
  return endSessions(db, me, others, from);
}
