// Bounces and complaints from the mail provider (docs/guides/campaigns.md): the webhook's body in
// one of three shapes (our own simple form, Amazon SES through SNS, Postmark) read into events,
// and each event applied: the contact suppressed, the message marked, the campaign paused when
// its bounces pass what mailbox providers tolerate.
import { z } from "zod";
import type { Db, Tx } from "../../db/database.js";
import { badRequest } from "../../http/http-error.js";
import { recordAuditEvent } from "../audit/service.js";
import { bounceContact, complainedContact } from "../contacts/service.js";
import * as data from "./data.js";

export type EmailEventKind = "hard-bounce" | "soft-bounce" | "complaint";

export interface EmailEvent {
  kind: EmailEventKind;
  email: string;
  /** Our Message-ID when the provider gave it back: it names the very message. */
  messageId: string | null;
  /** The provider's own id of the event: a retry of the same event is recognised by it. */
  key: string | null;
  source: "simple" | "ses" | "postmark";
}

/** What a body says: events, or (SNS) a subscription to confirm by hand. */
export type EmailEventsBody = { events: EmailEvent[] } | { subscribeUrl: string; topicArn: string };

export const MAX_EVENTS = 100;
/** Two soft bounces within this long make a contact `bounced`. */
export const SOFT_BOUNCE_WINDOW_MS = 7 * 86_400_000;
/** A campaign pauses itself when more than this share of its messages bounced hard… */
export const BOUNCE_PAUSE_RATE = 0.05;
/** …once it has sent at least this many (fewer say too little). */
export const BOUNCE_PAUSE_AFTER = 100;

const email = z.email({ error: "email must be an email address" }).max(254);
const text = z.string().max(1000);

// Our own form, for a provider without a shape of its own here, or a script.
const simpleSchema = z.strictObject({
  type: z.enum(["bounce", "complaint"], { error: 'type must be "bounce" or "complaint"' }),
  email,
  bounce: z.enum(["hard", "soft"], { error: 'bounce must be "hard" or "soft"' }).optional(),
  messageId: text.optional(),
  id: text.optional(),
});

// Amazon SES's notification (the Message of an SNS notification), only the fields we read.
const sesSchema = z.object({
  notificationType: z.string().optional(),
  eventType: z.string().optional(),
  bounce: z.object({ bounceType: z.string(), bouncedRecipients: z.array(z.object({ emailAddress: z.string().max(1000) })).max(MAX_EVENTS) }).optional(),
  complaint: z.object({ complainedRecipients: z.array(z.object({ emailAddress: z.string().max(1000) })).max(MAX_EVENTS) }).optional(),
  mail: z
    .object({
      messageId: text.optional(),
      headers: z.array(z.object({ name: text, value: text })).max(200).optional(),
      commonHeaders: z.object({ messageId: text.optional() }).optional(),
    })
    .optional(),
});

const snsSchema = z.object({
  Type: z.enum(["Notification", "SubscriptionConfirmation", "UnsubscribeConfirmation"]),
  MessageId: text.optional(),
  TopicArn: text.optional(),
  Message: z.string().max(256_000).optional(),
  SubscribeURL: text.optional(),
});

const postmarkSchema = z.object({
  RecordType: z.string(),
  Type: z.string().optional(),
  ID: z.union([z.number(), z.string().max(100)]).optional(),
  Email: z.string().max(1000),
  MessageID: text.optional(),
});

/** Our Message-IDs are stored with their angle brackets; providers give them back with or without. */
const messageIdOf = (v: string | undefined): string | null => {
  const id = v?.trim().replace(/^<|>$/g, "");
  return id ? `<${id}>` : null;
};

const invalid = (what: string) => badRequest(`This is not a bounce or complaint we can read: ${what}.`);

/** The address an event names, checked: a malformed one refuses the whole body, which changes nothing. */
function address(v: string): string {
  const found = /<([^>]+)>\s*$/.exec(v)?.[1] ?? v;
  const parsed = email.safeParse(found.trim());
  if (!parsed.success) throw invalid(`"${v.slice(0, 100)}" is not an email address`);
  return parsed.data.toLowerCase();
}

function fromSes(message: unknown, key: string | null): EmailEvent[] {
  const parsed = sesSchema.safeParse(message);
  if (!parsed.success) throw invalid("the SES notification's fields are not as SES sends them");
  const n = parsed.data;
  const type = n.notificationType ?? n.eventType;
  const ours = n.mail?.commonHeaders?.messageId ?? n.mail?.headers?.find((h) => h.name.toLowerCase() === "message-id")?.value;
  const messageId = messageIdOf(ours);
  const each = (kind: EmailEventKind, list: { emailAddress: string }[]) =>
    list.map((r) => {
      const to = address(r.emailAddress);
      return { kind, email: to, messageId, key: key && `${key}:${to}`, source: "ses" as const };
    });
  if (type === "Bounce") {
    if (!n.bounce) throw invalid("a Bounce without its bounce");
    // Undetermined is SES's "could not tell": counted as the milder kind.
    return each(n.bounce.bounceType === "Permanent" ? "hard-bounce" : "soft-bounce", n.bounce.bouncedRecipients);
  }
  if (type === "Complaint") {
    if (!n.complaint) throw invalid("a Complaint without its complaint");
    return each("complaint", n.complaint.complainedRecipients);
  }
  // Deliveries, sends, opens: not ours to act on.
  return [];
}

// Postmark's bounce types that mean the address is gone for good, and those that mean "try later".
const POSTMARK_HARD = new Set(["HardBounce", "BadEmailAddress", "ManuallyDeactivated", "Blocked"]);
const POSTMARK_SOFT = new Set(["SoftBounce", "DnsError", "Transient"]);
const POSTMARK_COMPLAINT = new Set(["SpamComplaint", "SpamNotification"]);

function fromPostmark(body: unknown): EmailEvent[] {
  const parsed = postmarkSchema.safeParse(body);
  if (!parsed.success) throw invalid("the Postmark record's fields are not as Postmark sends them");
  const p = parsed.data;
  const key = p.ID === undefined ? null : `postmark:${p.RecordType}:${p.ID}`;
  const event = (kind: EmailEventKind): EmailEvent[] => [{ kind, email: address(p.Email), messageId: null, key, source: "postmark" }];
  if (p.RecordType === "SpamComplaint" || (p.RecordType === "Bounce" && POSTMARK_COMPLAINT.has(p.Type ?? ""))) return event("complaint");
  if (p.RecordType === "Bounce" && POSTMARK_HARD.has(p.Type ?? "")) return event("hard-bounce");
  if (p.RecordType === "Bounce" && POSTMARK_SOFT.has(p.Type ?? "")) return event("soft-bounce");
  // Auto-responders, deliveries, opens, subscription changes: nothing to do.
  return [];
}

function fromSimple(body: unknown): EmailEvent[] {
  const parsed = simpleSchema.safeParse(body);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "This is not a bounce or complaint we can read.");
  const s = parsed.data;
  const kind: EmailEventKind = s.type === "complaint" ? "complaint" : s.bounce === "soft" ? "soft-bounce" : "hard-bounce";
  return [{ kind, email: s.email.toLowerCase(), messageId: messageIdOf(s.messageId), key: s.id ? `simple:${s.id}` : null, source: "simple" }];
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

/** Reads a webhook body into events; throws 400 (and nothing is applied) for anything it cannot read. */
export function parseEmailEvents(raw: string): EmailEventsBody {
  let body: unknown;
  try {
    body = JSON.parse(raw);
  } catch {
    throw invalid("the body is not JSON");
  }
  if (!isObject(body)) throw invalid("the body is not a JSON object");
  if ("Type" in body && "TopicArn" in body) {
    const sns = snsSchema.safeParse(body);
    if (!sns.success) throw invalid("the SNS message's fields are not as SNS sends them");
    const { Type, MessageId, TopicArn, Message, SubscribeURL } = sns.data;
    if (Type === "SubscriptionConfirmation") {
      if (!SubscribeURL) throw invalid("a subscription confirmation without its SubscribeURL");
      return { subscribeUrl: SubscribeURL, topicArn: TopicArn ?? "" };
    }
    if (Type === "UnsubscribeConfirmation") return { events: [] };
    let message: unknown;
    try {
      message = JSON.parse(Message ?? "");
    } catch {
      throw invalid("the SNS notification's Message is not JSON");
    }
    return { events: fromSes(message, MessageId ? `sns:${MessageId}` : null) };
  }
  if ("notificationType" in body || "eventType" in body) return { events: fromSes(body, null) };
  if ("RecordType" in body) return { events: fromPostmark(body) };
  return { events: fromSimple(body) };
}

/** Pauses a sending campaign whose hard bounces passed the limit, saying why. */
async function pauseOnBounces(tx: Tx, campaignId: number): Promise<void> {
  const c = await data.findCampaign(tx, campaignId, { lock: true });
  if (c?.status !== "sending") return;
  const { sent, bounced } = await data.bounceFigures(tx, campaignId);
  if (sent < BOUNCE_PAUSE_AFTER || bounced / sent <= BOUNCE_PAUSE_RATE) return;
  await data.moveCampaign(tx, campaignId, ["sending"], "paused");
  const share = ((bounced / sent) * 100).toFixed(1);
  const reason = `${bounced} of its ${sent} messages bounced (${share}%), more than the 5% mailbox providers tolerate. Remove the bad addresses before resuming.`;
  await recordAuditEvent(tx, { kind: "campaign.paused", actorId: null, listingId: c.listingId, data: { campaignId, name: c.name, reason } });
}

/** Applies one event in its own transaction; a repeat of an event already applied changes nothing. */
async function applyOne(db: Db, ev: EmailEvent, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const recipient = await data.findEventRecipient(tx, ev.messageId, ev.email);
    const leadId = recipient?.leadId ?? (await data.findLeadByEmail(tx, ev.email))?.id ?? null;
    const fresh = await data.insertEmailEvent(tx, { kind: ev.kind, source: ev.source, email: ev.email, leadId, recipientId: recipient?.id ?? null, eventKey: ev.key });
    if (!fresh) return;
    const suppress =
      ev.kind !== "soft-bounce" || (leadId !== null && (await data.countSoftBounces(tx, leadId, new Date(now.getTime() - SOFT_BOUNCE_WINDOW_MS))) >= 2);
    if (!suppress) return;
    if (recipient) await data.markRecipientEvent(tx, recipient.id, ev.kind === "complaint" ? "complainedAt" : "bouncedAt");
    if (leadId !== null) {
      const changed = ev.kind === "complaint" ? await complainedContact(tx, leadId) : await bounceContact(tx, leadId);
      // Whatever its status was, nothing more is mailed to an address that bounced or complained.
      await data.cancelPending(tx, data.pendingOfLead(leadId));
      if (changed) {
        await recordAuditEvent(tx, {
          kind: ev.kind === "complaint" ? "contact.complained" : "contact.bounced",
          actorId: null,
          data: { leadId, email: ev.email, source: ev.source, ...(ev.kind !== "complaint" && { bounce: ev.kind === "hard-bounce" ? "hard" : "soft" }), campaignId: recipient?.campaignId ?? null },
        });
      }
    }
    if (recipient && ev.kind !== "complaint") await pauseOnBounces(tx, recipient.campaignId);
  });
}

export async function applyEmailEvents(db: Db, events: EmailEvent[], now = new Date()): Promise<void> {
  if (events.length > MAX_EVENTS) throw invalid(`more than ${MAX_EVENTS} events in one body`);
  for (const ev of events) await applyOne(db, ev, now);
}
