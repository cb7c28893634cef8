// Clicks that do not lie (docs/guides/campaigns.md): every link of a campaign message goes through
// /c/<token>, where the token signs the link's target together with the recipient (nothing is
// stored per link), so the redirect leads only where the message led, and a click is counted for
// the person it was mailed to. Link scanners
// and previews open every link, so a click too soon after delivery or from a known scanner is
// counted apart as a machine click.
import { createHmac, timingSafeEqual } from "node:crypto";

const TOKEN = /^([0-9a-z]{1,8})\.([A-Za-z0-9_-]{1,4000})\.([A-Za-z0-9_-]{22})$/;

const keyOf = (secret: string) => createHmac("sha256", secret).update("campaign-click-v1").digest();
const macOf = (key: Buffer, signed: string) => createHmac("sha256", key).update(signed).digest("base64url").slice(0, 22);

/** Makes the tokens of one message's links: the key is derived once per message, not per link. */
export function clickSigner(secret: string, recipientId: number): (target: string) => string {
  const key = keyOf(secret);
  const id = recipientId.toString(36);
  return (target) => {
    const signed = `${id}.${Buffer.from(target, "utf8").toString("base64url")}`;
    return `${signed}.${macOf(key, signed)}`;
  };
}

/** The recipient and target a token names, or null for anything malformed or not signed by us. */
export function readClickToken(secret: string, token: string): { recipientId: number; target: string } | null {
  const m = TOKEN.exec(token);
  if (!m) return null;
  const expected = Buffer.from(macOf(keyOf(secret), `${m[1]}.${m[2]}`));
  const given = Buffer.from(m[3]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const recipientId = Number.parseInt(m[1], 36);
  if (!Number.isSafeInteger(recipientId) || recipientId <= 0 || recipientId > 2_147_483_647) return null;
  const target = Buffer.from(m[2], "base64url").toString("utf8");
  return /^https?:\/\//i.test(target) ? { recipientId, target } : null;
}

const decodeAttribute = (v: string) => v.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");

/**
 * One recipient's body with every web link through the redirect. Only `href`s are touched (an
 * image's `src` is not a click); mailto links stay as they are. The text part's bare addresses
 * likewise. The unsubscribe link is added after this, so it never goes through the redirect.
 */
export function trackLinks(body: { html: string; text: string }, origin: string, sign: (target: string) => string): { html: string; text: string } {
  const through = (target: string) => `${origin}/c/${sign(target)}`;
  return {
    html: body.html.replace(/href="(https?:\/\/[^"]+)"/gi, (_all, href: string) => `href="${through(decodeAttribute(href))}"`),
    text: body.text.replace(/https?:\/\/[^\s<>"]+/gi, (url) => through(url)),
  };
}

/**
 * User agents of link scanners and previewers, matched case-insensitively: mail security gateways
 * (Barracuda, Proofpoint, Mimecast, Microsoft Defender / Safe Links and Office's link checks,
 * Symantec, Trend Micro, Sophos, Forcepoint, Cisco, FireEye, Zscaler), previews (Slack, Teams,
 * Skype, WhatsApp, Google's and Apple's link previews) and tools (curl, wget, HTTP libraries, headless
 * browsers), plus any agent naming itself a bot, crawler, spider, scanner or preview.
 */
export const SCANNER_USER_AGENTS: readonly RegExp[] = [
  /barracuda/i,
  /proofpoint/i,
  /mimecast/i,
  /safelinks|safe links|defender|microsoft office|ms-office|msoffice|microsoft url control|outlook-ios-linkpreview/i,
  /symantec|messagelabs|trend ?micro|sophos|forcepoint|websense|cisco|ironport|fireeye|trellix|zscaler|avanan|checkpoint/i,
  /slackbot|slack-imgproxy|teams|skypeuripreview|whatsapp|googleimageproxy|google-safety|applebot|facebookexternalhit|linkedinbot|twitterbot/i,
  /\bcurl\/|wget|python-requests|python-urllib|aiohttp|go-http-client|java\/|okhttp|libwww|httpclient|node-fetch|axios|headlesschrome|phantomjs/i,
  /bot\b|crawler|spider|scanner|preview|scan\b|validator|monitor/i,
];

/** Scanners follow a link within moments of delivery; a person takes longer to open and read. */
export const MACHINE_CLICK_MS = 2_000;

/** Whether a click is a machine's: no agent, a scanner's agent, or sooner than a person reads. */
export function isMachineClick(userAgent: string | undefined, sentAt: Date | null, now: Date): boolean {
  if (!userAgent?.trim()) return true;
  if (SCANNER_USER_AGENTS.some((re) => re.test(userAgent))) return true;
  return sentAt === null || now.getTime() - sentAt.getTime() < MACHINE_CLICK_MS;
}
