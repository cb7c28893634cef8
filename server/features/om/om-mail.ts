// The mail a buyer gets when a new version of the offering memorandum they opened is published to
// the deal room: what changed, in the member's words, and where to read it (their own room link,
// from their earlier mail: the server keeps only its hash).
import type { MailMessage } from "../../integrations/mail/mail-transport.js";
import { oneLine } from "../../integrations/mail/mail-text.js";
import { escapeHtml as h } from "../../http/html-text.js";

export function omVersionMail(to: string, buyer: string, listingName: string, version: number, summary: string): MailMessage {
  const paragraphs = [
    `Hello ${oneLine(buyer)},`,
    `A new version of the offering memorandum for ${oneLine(listingName)} (version ${version}) replaces the one you opened.`,
    `What changed: ${oneLine(summary)}`,
    "Open it from the deal room link in your earlier email; the copy you have is out of date.",
  ];
  return {
    to,
    subject: oneLine(`New offering memorandum for ${listingName}`).slice(0, 150),
    text: paragraphs.join("\n\n"),
    html: paragraphs.map((p) => `<p>${h(p)}</p>`).join(""),
  };
}
