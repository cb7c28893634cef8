// The messages the app sends, each with a plain-text and an HTML part. Each carries the one link
// it exists for and nothing secret besides; names a person typed are escaped in the HTML and kept
// out of headers by the transport (integrations/mail/mail-transport.ts).
import type { MailMessage } from "../../integrations/mail/mail-transport.js";

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);

interface Part {
  text: string;
  link?: string;
}

/** Paragraphs (with an optional link each) as both parts of a message. */
function body(parts: Part[]): Pick<MailMessage, "text" | "html"> {
  const text = parts.map((p) => (p.link ? `${p.text}\n${p.link}` : p.text)).join("\n\n");
  const html = parts
    .map((p) =>
      p.link
        ? `<p>${escapeHtml(p.text)}<br><a href="${escapeHtml(p.link)}">${escapeHtml(p.link)}</a></p>`
        : `<p>${escapeHtml(p.text)}</p>`,
    )
    .join("\n");
  return { text: `${text}\n`, html: `<!doctype html><html><body style="font-family: sans-serif">\n${html}\n</body></html>\n` };
}

export function invitationMail(to: string, inviter: string, link: string): MailMessage {
  return {
    to,
    subject: `${inviter} invited you to Listing Desk`,
    ...body([
      { text: `${inviter} invited you to join their team on Listing Desk. Create your account here:`, link },
      { text: "The link works once, for 7 days. If you did not expect this invitation, ignore this message." },
    ]),
  };
}

export function resetMail(to: string, username: string, link: string): MailMessage {
  return {
    to,
    subject: "Set a new password for Listing Desk",
    ...body([
      { text: `Hello ${username}, an admin of your team made this link for you to set a new password:`, link },
      { text: "The link works once, within an hour. If you did not ask for it, tell your admin." },
    ]),
  };
}

export interface MentionItem {
  message: string;
  listingId: string;
  noteId: number;
}

export const mentionLink = (origin: string, m: Pick<MentionItem, "listingId" | "noteId">) =>
  `${origin}/?${new URLSearchParams({ listingId: m.listingId, noteId: String(m.noteId) })}`;

export function mentionMail(to: string, origin: string, mentions: MentionItem[], digest: boolean): MailMessage {
  const subject =
    mentions.length === 1 ? mentions[0].message : `You were mentioned ${mentions.length} times on Listing Desk${digest ? " today" : ""}`;
  return {
    to,
    subject,
    ...body([
      ...mentions.map((m) => ({ text: `${m.message}:`, link: mentionLink(origin, m) })),
      { text: "Choose how Listing Desk emails you about mentions in Settings:", link: `${origin}/settings` },
    ]),
  };
}
