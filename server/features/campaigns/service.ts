// Listing email campaigns (docs/guides/campaigns.md): drafts, who may send them, the moves
// between statuses, fixing the recipients when sending starts, and the send jobs that mail each
// recipient once at the configured rate (docs/decisions/420-campaign-sends-at-most-once.md).
import type { Campaign, CampaignAudience, CampaignCounts, CampaignCreate, CampaignPatch, CampaignPreview, CampaignStatus } from "../../../shared/campaigns.js";
import type { PublicUser } from "../../../shared/schema.js";
import type { Db, Tx } from "../../db/database.js";
import { badRequest, conflict, forbidden, notFound } from "../../http/http-error.js";
import type { TrustedOrigin } from "../../http/public-origin.js";
import { addressOf, type MailMessage, type MailTransport } from "../../integrations/mail/mail-transport.js";
import { enqueue, type JobContext, type JobHandler, type JobHandlers } from "../../jobs/queue.js";
import { findAgentById } from "../agents/service.js";
import { recordAuditEvent } from "../audit/service.js";
import { getBrand } from "../brand/service.js";
import { audienceCondition } from "../contacts/service.js";
import { flyerContent } from "../flyer/service.js";
import { getListing } from "../listings/service.js";
import { queueMail } from "../mail/service.js";
import { servedPageUrls } from "../public-page/service.js";
import { htmlToText, listingCardHtml, listingCardText, sanitizeBody, wrapHtml, wrapText, type ListingCard } from "./campaign-mail.js";
import { clickSigner, trackLinks } from "./click-tracking.js";
import * as data from "./data.js";
import { recipientOfToken, recipientToken, unsubscribeToken } from "./recipient-tokens.js";

// The recipient's side (the /u/ and /c/ doors, the providers' webhook) lives beside the rules;
// routes reach it through here.
export { unsubscribe, unsubscribeView, type UnsubscribeHow, type UnsubscribeView } from "./unsubscribe.js";
export { followClick } from "./clicks.js";

/**
 * A recipient's copy loaded its open pixel: the first load is kept. False when the token names
 * no recipient of a campaign that counts opens (a 404, nothing counted). A HEAD fetches no
 * picture (a program checking the link sends it), so it counts nothing and reads nothing.
 */
export async function recordOpen(db: Db, secret: string, token: string, head: boolean): Promise<boolean> {
  const id = recipientOfToken(secret, token, "open");
  if (id === null) return false;
  return head || data.recordOpen(db, id, new Date());
}
export { applyEmailEvents, parseEmailEvents, type EmailEvent } from "./email-events.js";

export const CAMPAIGN_START = "campaign.start";
export const CAMPAIGN_SEND = "campaign.send";

export const DEFAULT_RATE_PER_MINUTE = 60;
export const DEFAULT_MAX_RECIPIENTS = 5_000;
// A send job that cannot reach the SMTP server is retried with the queue's backoff for a day or so.
const SEND_ATTEMPTS = 20;

export const NOT_FOUND = "Campaign not found";
export const NO_SMTP = "Email is not set up on this server (SMTP_URL and MAIL_FROM), so campaigns cannot be sent.";
export const NO_POSTAL_ADDRESS = "Add the brokerage's postal address in Brand settings first: every campaign message must carry it.";
export const NO_ORIGIN = "Set the app's public address (Settings, or PUBLIC_URL) first: the unsubscribe link in every message needs it.";
export const NOT_ALLOWED_TO_SEND = "Only an admin or the listing's agent may send a campaign about a listing.";
export const DRAFTS_ONLY = "Only a draft can be edited: this campaign is";

/** What the campaigns need from the process: the app's secret, the mail set-up and the limits. */
export interface CampaignConfig {
  secret: string;
  sendsMail: boolean;
  trustedOrigin: TrustedOrigin;
  maxRecipients: number;
}

// ── Reading ───────────────────────────────────────────────────────────────────────────────────

const NO_COUNTS: CampaignCounts = { recipients: 0, delivered: 0, bounced: 0, unsubscribed: 0, clicks: 0, machineClicks: 0, inquiries: 0, opens: null };

function toCampaign(row: data.CampaignRow, counts: CampaignCounts = NO_COUNTS): Campaign {
  return {
    id: row.id,
    listingId: row.listingId,
    name: row.name,
    subject: row.subject,
    preheader: row.preheader,
    fromName: row.fromName,
    replyTo: row.replyTo,
    audience: row.audience,
    body: row.body,
    trackOpens: row.trackOpens,
    status: row.status,
    scheduledAt: row.scheduledAt?.toISOString() ?? null,
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    createdById: row.createdById,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    counts: { ...counts, opens: row.trackOpens ? (counts.opens ?? 0) : null },
  };
}

async function withCounts(db: Db, rows: data.CampaignRow[]): Promise<Campaign[]> {
  const counts = await data.countsOf(db, rows.map((r) => r.id));
  return rows.map((r) => toCampaign(r, counts.get(r.id)));
}

export const listCampaigns = async (db: Db): Promise<Campaign[]> => withCounts(db, await data.findCampaigns(db));

async function found(db: Db | Tx, id: number, opts: { lock?: boolean } = {}): Promise<data.CampaignRow> {
  const row = await data.findCampaign(db, id, opts);
  if (!row) throw notFound(NOT_FOUND);
  return row;
}

export async function getCampaign(db: Db, id: number): Promise<Campaign> {
  return (await withCounts(db, [await found(db, id)]))[0];
}

/** A listing's campaigns (sent or on their way) with their counts, for its marketing figures. */
export async function listingCampaigns(db: Db, listingId: string): Promise<Campaign[]> {
  return withCounts(db, await data.findListingCampaigns(db, listingId));
}

// ── Who may do what ───────────────────────────────────────────────────────────────────────────

async function isListingAgent(db: Db, listingId: string, user: PublicUser): Promise<boolean> {
  const listing = await getListing(db, listingId).catch(() => null);
  if (!listing?.agentId) return false;
  return (await findAgentById(db, listing.agentId))?.userId === user.id;
}

/** Drafts are edited by their author, an admin, or the listing's agent. */
async function mayEdit(db: Db, c: data.CampaignRow, user: PublicUser): Promise<boolean> {
  return user.isAdmin || c.createdById === user.id || (c.listingId !== null && (await isListingAgent(db, c.listingId, user)));
}

/** Sending (and pausing, resuming, cancelling): admins; for a listing, its agent; otherwise the author. */
async function maySend(db: Db, c: data.CampaignRow, user: PublicUser): Promise<boolean> {
  if (user.isAdmin) return true;
  return c.listingId !== null ? isListingAgent(db, c.listingId, user) : c.createdById === user.id;
}

async function editable(db: Db, id: number, user: PublicUser): Promise<data.CampaignRow> {
  const c = await found(db, id);
  if (!(await mayEdit(db, c, user))) throw forbidden("Only the campaign's author, an admin or the listing's agent may change it.");
  return c;
}

async function sendable(db: Db, id: number, user: PublicUser): Promise<data.CampaignRow> {
  const c = await found(db, id);
  if (!(await maySend(db, c, user))) throw forbidden(c.listingId !== null ? NOT_ALLOWED_TO_SEND : "Only the campaign's author or an admin may send it.");
  return c;
}

// ── Drafts ────────────────────────────────────────────────────────────────────────────────────

async function ownOrigins(db: Db, config: CampaignConfig) {
  return { app: await config.trustedOrigin(), website: (await getBrand(db)).website || null };
}

export async function createCampaign(db: Db, config: CampaignConfig, input: CampaignCreate, user: PublicUser): Promise<Campaign> {
  if (input.listingId) await getListing(db, input.listingId).catch(() => Promise.reject(badRequest("listingId names no listing", { listingId: "listingId names no listing" })));
  const body = input.body === null ? null : sanitizeBody(input.body, await ownOrigins(db, config));
  const row = await db.transaction(async (tx) => {
    const created = await data.insertCampaign(tx, { ...input, listingId: input.listingId ?? null, body, createdById: user.id });
    await recordAuditEvent(tx, { kind: "campaign.created", actorId: user.id, listingId: created.listingId, data: { campaignId: created.id, name: created.name } });
    return created;
  });
  return toCampaign(row);
}

export async function patchCampaign(db: Db, config: CampaignConfig, id: number, patch: CampaignPatch, user: PublicUser): Promise<Campaign> {
  await editable(db, id, user);
  const body = patch.body === undefined || patch.body === null ? patch.body : sanitizeBody(patch.body, await ownOrigins(db, config));
  const row = await db.transaction(async (tx) => {
    const c = await found(tx, id, { lock: true });
    if (c.status !== "draft") throw conflict(`${DRAFTS_ONLY} ${c.status}.`);
    const updated = await data.updateCampaign(tx, id, { ...patch, ...(body !== undefined && { body }) });
    await recordAuditEvent(tx, { kind: "campaign.edited", actorId: user.id, listingId: c.listingId, data: { campaignId: id, name: updated.name, fields: Object.keys(patch) } });
    return updated;
  });
  return getCampaign(db, row.id);
}

// ── Messages ──────────────────────────────────────────────────────────────────────────────────

/** What every message of a campaign shares: its body in both parts, the brand and the origin. */
export interface Composed {
  origin: string;
  html: string;
  text: string;
  brand: Awaited<ReturnType<typeof getBrand>>;
  campaign: data.CampaignRow;
}

async function listingCard(db: Db, listingId: string, origin: string): Promise<ListingCard> {
  const listing = await getListing(db, listingId);
  const [brand, agent, pages] = await Promise.all([getBrand(db), listing.agentId ? findAgentById(db, listing.agentId) : undefined, servedPageUrls(db, [listing], origin)]);
  const pageUrl = pages.get(listing.id) ?? null;
  const contact = agent ? { name: agent.name, phone: agent.phone, email: agent.email } : null;
  return { content: flyerContent(listing, contact, brand, pageUrl), pageUrl };
}

/** The preconditions the law and the links set, checked before sending and before each run. */
async function prerequisites(db: Db, trustedOrigin: TrustedOrigin) {
  const brand = await getBrand(db);
  if (!brand.address.trim()) throw conflict(NO_POSTAL_ADDRESS);
  const origin = await trustedOrigin();
  if (!origin) throw conflict(NO_ORIGIN);
  return { brand, origin };
}

export async function compose(db: Db, campaign: data.CampaignRow, trustedOrigin: TrustedOrigin): Promise<Composed> {
  const { brand, origin } = await prerequisites(db, trustedOrigin);
  let html: string;
  let text: string;
  if (campaign.body !== null) {
    // Sanitised when saved; again here, in case the app's address changed since.
    html = sanitizeBody(campaign.body, { app: origin, website: brand.website || null });
    text = htmlToText(html);
  } else if (campaign.listingId !== null) {
    const card = await listingCard(db, campaign.listingId, origin);
    html = listingCardHtml(card);
    text = listingCardText(card);
  } else {
    throw badRequest("Write the campaign's body: only a campaign about a listing has one made for it.");
  }
  return { origin, html, text, brand, campaign };
}

/**
 * One recipient's message: its own unsubscribe link and token, its own Message-ID, its links
 * through the click redirect and, when the campaign counts opens, its own open pixel (a test
 * send, recipient 0, keeps the links as they are and has no pixel).
 */
export function messageFor(c: Composed, recipient: { id: number; email: string }, secret: string, mailFrom: string): MailMessage {
  const unsubscribeUrl = `${c.origin}/u/${unsubscribeToken(secret, recipient.id)}`;
  const openPixelUrl = c.campaign.trackOpens && recipient.id > 0 ? `${c.origin}/o/${recipientToken(secret, recipient.id, "open")}` : undefined;
  const envelope = { preheader: c.campaign.preheader, brand: c.brand, unsubscribeUrl, openPixelUrl };
  const body = recipient.id > 0 ? trackLinks(c, c.origin, clickSigner(secret, recipient.id)) : c;
  const domain = addressOf(mailFrom).split("@")[1] ?? "localhost";
  const mailto = `mailto:${addressOf(mailFrom)}?subject=${encodeURIComponent(`unsubscribe ${unsubscribeToken(secret, recipient.id)}`)}`;
  return {
    to: recipient.email,
    subject: c.campaign.subject,
    html: wrapHtml(body.html, envelope),
    text: wrapText(body.text, envelope),
    ...(c.campaign.fromName && { fromName: c.campaign.fromName }),
    ...(c.campaign.replyTo && { replyTo: c.campaign.replyTo }),
    messageId: `<campaign-${c.campaign.id}-r${recipient.id}@${domain}>`,
    headers: {
      "List-Unsubscribe": `<${unsubscribeUrl}>, <${mailto}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    },
  };
}

/** A test to one address, through the mail queue, with an unsubscribe link that names no one. */
export async function sendTest(db: Db, config: CampaignConfig & { mailFrom: string }, id: number, email: string, user: PublicUser): Promise<void> {
  const c = await editable(db, id, user);
  if (!config.sendsMail) throw conflict(NO_SMTP);
  const composed = await compose(db, c, config.trustedOrigin);
  // Recipient 0 exists nowhere: the test's unsubscribe link answers 404 and changes nothing.
  const message = messageFor(composed, { id: 0, email }, config.secret, config.mailFrom);
  const { messageId: _own, ...rest } = message;
  await queueMail(db, { ...rest, subject: `[Test] ${c.subject}` });
}

/**
 * The editor's preview: the message as a recipient will see it, from the editor's unsaved body and
 * audience, sanitised as sending sanitises, with who it reaches now and what would stop the send.
 * Reads only: saves, sends and records nothing.
 */
export async function previewCampaign(db: Db, config: CampaignConfig, id: number, draft: { body?: string | null; audience?: CampaignAudience }): Promise<CampaignPreview> {
  const c = await found(db, id);
  const [brand, origin] = await Promise.all([getBrand(db), config.trustedOrigin()]);
  const card = c.listingId !== null ? listingCardHtml(await listingCard(db, c.listingId, origin ?? "")) : null;
  const body = draft.body === undefined ? c.body : draft.body;
  const bodyHtml = body === null ? (card ?? "") : sanitizeBody(body, { app: origin, website: brand.website || null });
  const reach = await data.countReachable(db, await audienceCondition(db, draft.audience ?? c.audience), c.listingId);
  // The preview's unsubscribe link names no recipient: it answers 404, like a test send's.
  const html = wrapHtml(bodyHtml, { preheader: c.preheader, brand, unsubscribeUrl: `${origin ?? ""}/u/preview` });
  const blocker = !brand.address.trim() ? NO_POSTAL_ADDRESS : !origin ? NO_ORIGIN : null;
  return { html, card, reach, blocker };
}

// ── Sending ───────────────────────────────────────────────────────────────────────────────────

const statusConflict = (action: string, status: CampaignStatus) => conflict(`This campaign is ${status}, so it cannot be ${action}.`);

/**
 * Send now or at `at`: checks the law's and the mail's preconditions and the agent's cap, then
 * either fixes the recipients and queues the first send job, or schedules the start.
 */
export async function sendCampaign(db: Db, config: CampaignConfig, id: number, at: Date | undefined, user: PublicUser, now = new Date()): Promise<Campaign> {
  const c = await sendable(db, id, user);
  if (c.status !== "draft" && c.status !== "scheduled") throw statusConflict("sent", c.status);
  if (!config.sendsMail) throw conflict(NO_SMTP);
  if (!c.subject.trim()) throw badRequest("Give the campaign a subject before sending it.", { subject: "Give the campaign a subject before sending it." });
  await compose(db, c, config.trustedOrigin);
  const audience = await audienceCondition(db, c.audience);
  const reach = await data.countReachable(db, audience, c.listingId);
  if (reach === 0) throw conflict("No one in this audience can be mailed: every contact in it is unsubscribed, bounced, complained, opted out of this listing or has no email.");
  if (!user.isAdmin && reach > config.maxRecipients) {
    throw forbidden(`An agent may send a campaign to at most ${config.maxRecipients.toLocaleString("en-US")} people; this one reaches ${reach.toLocaleString("en-US")}. Narrow the audience or ask an admin to send it.`);
  }
  const later = at !== undefined && at.getTime() > now.getTime();
  await db.transaction(async (tx) => {
    const locked = await found(tx, id, { lock: true });
    if (locked.status !== "draft" && locked.status !== "scheduled") throw statusConflict("sent", locked.status);
    if (later) {
      await data.updateCampaign(tx, id, { status: "scheduled", scheduledAt: at });
      await enqueue(tx, CAMPAIGN_START, { campaignId: id, at: at.toISOString(), by: user.id });
      await recordAuditEvent(tx, { kind: "campaign.scheduled", actorId: user.id, listingId: c.listingId, data: { campaignId: id, name: c.name, at: at.toISOString() } });
    } else {
      await startSending(tx, locked, user.id, audience);
    }
  });
  return getCampaign(db, id);
}

/** Fixes the recipients now (suppressions as they stand) and queues the first send job. */
async function startSending(tx: Tx, c: data.CampaignRow, actorId: number | null, audience: Awaited<ReturnType<typeof audienceCondition>>) {
  const recipients = await data.insertRecipients(tx, c.id, audience, c.listingId);
  await data.updateCampaign(tx, c.id, { status: "sending", startedAt: new Date(), sendChain: "start" });
  await queueSendRun(tx, c.id, "start");
  await recordAuditEvent(tx, { kind: "campaign.sent", actorId, listingId: c.listingId, data: { campaignId: c.id, name: c.name, recipients } });
}

interface SendRun {
  campaignId: number;
  /** Each start or resume begins a chain of runs, one after another. */
  chain: string;
  /** The run's place in its chain: the unique key keeps a repeated run from starting a second chain. */
  seq: number;
}

const queueSendRun = (tx: Db | Tx, campaignId: number, chain: string, seq = 0, runAt?: Date) =>
  enqueue(tx, CAMPAIGN_SEND, { campaignId, chain, seq } satisfies SendRun, { uniqueKey: `campaign-send:${campaignId}:${chain}:${seq}`, runAt, maxAttempts: SEND_ATTEMPTS });

async function move(db: Db, id: number, user: PublicUser, from: CampaignStatus[], to: CampaignStatus, action: string, kind: "campaign.paused" | "campaign.resumed" | "campaign.cancelled") {
  const c = await sendable(db, id, user);
  await db.transaction(async (tx) => {
    // Resuming starts a new chain of runs; the old chain's runs, seeing another chain in charge, stop.
    const chain = to === "sending" ? `resume-${Date.now()}` : undefined;
    const moved = await data.moveCampaign(tx, id, from, to, to === "cancelled" ? { finishedAt: new Date() } : chain ? { sendChain: chain } : {});
    if (!moved) throw statusConflict(action, (await found(tx, id)).status);
    if (to === "cancelled") await data.cancelPending(tx, data.pendingOfCampaign(id));
    if (chain) await queueSendRun(tx, id, chain);
    await recordAuditEvent(tx, { kind, actorId: user.id, listingId: c.listingId, data: { campaignId: id, name: c.name } });
  });
  return getCampaign(db, id);
}

export const pauseCampaign = (db: Db, id: number, user: PublicUser) => move(db, id, user, ["sending"], "paused", "paused", "campaign.paused");
export const resumeCampaign = (db: Db, id: number, user: PublicUser) => move(db, id, user, ["paused"], "sending", "resumed", "campaign.resumed");
export const cancelCampaign = (db: Db, id: number, user: PublicUser) =>
  move(db, id, user, ["draft", "scheduled", "sending", "paused"], "cancelled", "cancelled", "campaign.cancelled");

// ── The jobs ──────────────────────────────────────────────────────────────────────────────────

export interface CampaignJobDeps {
  transport: MailTransport;
  secret: string;
  mailFrom: string;
  trustedOrigin: TrustedOrigin;
  ratePerMinute: number;
}

/** Messages one run sends: about five seconds' worth at the rate, at least one. */
export const perRun = (ratePerMinute: number) => Math.max(1, Math.ceil(ratePerMinute / 12));

/** A scheduled campaign starts: the recipients are fixed now, with the suppressions as they are now. */
async function start(db: Db, job: { campaignId: number; at: string; by: number }): Promise<void> {
  await db.transaction(async (tx) => {
    const c = await data.findCampaign(tx, job.campaignId, { lock: true });
    // Cancelled, sent now instead, or scheduled again for another time (that time's job starts it).
    if (!c || c.status !== "scheduled" || c.scheduledAt?.toISOString() !== job.at) return;
    await startSending(tx, c, job.by, await audienceCondition(tx, c.audience));
  });
}

/** SMTP's permanent refusals (5xx) are this recipient's; anything else is the server's, and retried. */
const permanent = (err: unknown) => {
  const code = (err as { responseCode?: number }).responseCode;
  return typeof code === "number" && code >= 500;
};

async function sendRun(deps: CampaignJobDeps, run: SendRun, ctx: JobContext): Promise<void> {
  const { db } = ctx;
  const campaign = await data.findCampaign(db, run.campaignId);
  if (!campaign || campaign.status !== "sending" || campaign.sendChain !== run.chain) return;
  // This run's earlier attempt died: what it had in the SMTP conversation may have arrived.
  if (ctx.job.attempts > 1) {
    const unknown = await data.markInFlightUnknown(db, campaign.id, ctx.job.id);
    if (unknown) ctx.logger.warn({ campaign: campaign.id, unknown }, "campaign: a run stopped mid-message; those recipients are not mailed again");
  }
  let composed: Composed;
  try {
    composed = await compose(db, campaign, deps.trustedOrigin);
  } catch (err) {
    // The brand lost its address, or the app its origin, while sending: pause and say why.
    await data.moveCampaign(db, campaign.id, ["sending"], "paused");
    await recordAuditEvent(db, { kind: "campaign.paused", actorId: null, listingId: campaign.listingId, data: { campaignId: campaign.id, name: campaign.name, reason: (err as Error).message } });
    return;
  }
  const count = perRun(deps.ratePerMinute);
  const interval = 60_000 / deps.ratePerMinute;
  // The rate is the server's, shared by every campaign sending at once: this run's batch is
  // reserved on one timeline in the database, or the run waits until that timeline is free.
  const pace = await data.reserveSends(db, ctx.now, count, interval);
  if (!pace.reserved) {
    await queueSendRun(db, campaign.id, run.chain, run.seq + 1, pace.freeAt);
    return;
  }
  let sent = 0;
  // What the run did not send goes back to the timeline, for the next campaign's run.
  const giveBack = () => (sent < count ? data.returnSends(db, pace.until, new Date(ctx.now.getTime() + sent * interval)) : undefined);
  for (; sent < count; sent++) {
    // The claim checks the campaign's status with every message: a pause or a cancel stops the run at once.
    const recipient = await data.claimNextRecipient(db, campaign.id, ctx.job.id, run.chain);
    if (!recipient) {
      await giveBack();
      const now = await data.campaignState(db, campaign.id);
      if (now?.status === "sending" && now.sendChain === run.chain && !(await data.hasUnfinished(db, campaign.id))) {
        await data.moveCampaign(db, campaign.id, ["sending"], "sent", { finishedAt: ctx.now });
      }
      return;
    }
    const message = messageFor(composed, recipient, deps.secret, deps.mailFrom);
    try {
      await deps.transport.send(message);
    } catch (err) {
      if (permanent(err)) {
        await data.setRecipientState(db, recipient.id, "sending", { state: "failed", error: String((err as Error).message).slice(0, 500) });
        continue;
      }
      // Nothing was accepted: the recipient waits again, and the job is retried later.
      await data.setRecipientState(db, recipient.id, "sending", { state: "pending", claimJobId: null });
      await giveBack();
      throw err;
    }
    await data.setRecipientState(db, recipient.id, "sending", { state: "sent", sentAt: new Date(), messageId: message.messageId });
    await ctx.pause();
  }
  await queueSendRun(db, campaign.id, run.chain, run.seq + 1, pace.until);
}

export function campaignJobHandlers(deps: CampaignJobDeps): JobHandlers {
  const starting: JobHandler<{ campaignId: number; at: string; by: number }> = { run: (job, ctx) => start(ctx.db, job) };
  const sending: JobHandler<SendRun> = { run: (run, ctx) => sendRun(deps, run, ctx) };
  return { [CAMPAIGN_START]: starting, [CAMPAIGN_SEND]: sending };
}
