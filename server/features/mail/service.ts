// Email through the job queue: a change queues its message in its own
// transaction, and the worker sends it later with retries, so mail never slows or fails the
// request that caused it and survives restarts. Nothing here runs unless SMTP_URL is set: app.ts
// queues mail only when told to, and server/index.ts registers these handlers only then.
import type { Db, Tx } from "../../db/database.js";
import type { MailMessage, MailTransport } from "../../integrations/mail/mail-transport.js";
import { enqueue, type JobHandler, type JobHandlers } from "../../jobs/queue.js";
import { invitationMail, mentionMail, resetMail } from "./compose.js";
import { advanceMentionMark, findMentionRecipient, latestNotificationId, unmailedUnreadMentions } from "./data.js";

export const SEND_MAIL = "mail.send";
export const MENTION_MAIL = "mail.mentions";

/** "Right away" waits this long, so a mention read in the app meanwhile costs no mail. */
export const MENTION_DELAY_MS = 10 * 60_000;
/** Daily digests go out at this hour (UTC). */
export const DIGEST_HOUR_UTC = 7;
const SEND_ATTEMPTS = 10;

export function nextDigestTime(now: Date): Date {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), DIGEST_HOUR_UTC));
  if (next.getTime() <= now.getTime()) next.setUTCDate(next.getUTCDate() + 1);
  return next;
}

export async function queueMail(db: Db | Tx, message: MailMessage, runAt?: Date): Promise<void> {
  await enqueue(db, SEND_MAIL, message, { maxAttempts: SEND_ATTEMPTS, runAt });
}

export const queueInvitationMail = (tx: Tx, to: string, inviter: string, link: string) => queueMail(tx, invitationMail(to, inviter, link));
export const queueResetMail = (tx: Tx, to: string, username: string, link: string) => queueMail(tx, resetMail(to, username, link));

interface MentionJob {
  userId: number;
  /** Where the app was reached when the mention was made: the links point there. */
  origin: string;
}

/**
 * After mentions are written: one job per mentioned user, due in 10 minutes or at the next
 * digest. The unique key keeps one queued job per user, so more mentions before it runs join it.
 */
export async function queueMentionMail(tx: Tx, userIds: number[], origin: string, now = new Date()): Promise<void> {
  for (const userId of userIds) {
    const recipient = await findMentionRecipient(tx, userId);
    if (!recipient?.email || recipient.mentionEmail === "off") continue;
    const runAt = recipient.mentionEmail === "digest" ? nextDigestTime(now) : new Date(now.getTime() + MENTION_DELAY_MS);
    const payload: MentionJob = { userId, origin };
    await enqueue(tx, MENTION_MAIL, payload, { uniqueKey: `mention-mail:${userId}`, runAt });
  }
}

/** Mails the user's unread, not yet mailed mentions as one message; read ones are left out. */
async function mailMentions(db: Db, job: MentionJob, now: Date): Promise<void> {
  const recipient = await findMentionRecipient(db, job.userId);
  // Read before the pending mentions: a mention written after this is above it, never skipped.
  const latest = await latestNotificationId(db, job.userId);
  const pending = recipient ? await unmailedUnreadMentions(db, job.userId) : [];
  const wanted = recipient?.isActive && recipient.email && recipient.mentionEmail !== "off";
  if (!recipient) return;
  if (!wanted || pending.length === 0) {
    // Nothing to send now; what is there was read, or is not to be mailed, so it never will be.
    await advanceMentionMark(db, job.userId, latest);
    return;
  }
  await db.transaction(async (tx) => {
    await advanceMentionMark(tx, job.userId, pending[pending.length - 1].id);
    await queueMail(tx, mentionMail(recipient.email!, job.origin, pending, recipient.mentionEmail === "digest"), now);
  });
}

export function mailJobHandlers(transport: MailTransport): JobHandlers {
  const send: JobHandler<MailMessage> = { run: (message) => transport.send(message) };
  const mentions: JobHandler<MentionJob> = { run: (job, ctx) => mailMentions(ctx.db, job, ctx.now) };
  return { [SEND_MAIL]: send, [MENTION_MAIL]: mentions };
}
