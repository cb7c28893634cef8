// The mail a member gets about a new inquiry: who asked and about what, nothing internal. Every
// value a visitor typed is text: escaped in the HTML part, and kept off header lines unless
// flattened to one line (no CR or LF can start a header of its own).
import type { InquiryInput } from "../../../shared/leads.js";
import { INQUIRER_ROLE_LABELS } from "../../../shared/leads.js";
import type { MailMessage } from "../../integrations/mail/mail-transport.js";
import { escapeHtml } from "../../http/html-text.js";

/** One line, safe for a header: line breaks and other control characters become spaces. */
export const headerSafe = (value: string): string =>
  value
    .replace(/[\p{Cc}\u2028\u2029]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 150);

export function inquiryMail(to: string, listingName: string, input: InquiryInput, link: string): MailMessage {
  const lines: [string, string | null][] = [
    ["From", `${input.name} <${input.email}>`],
    ["Phone", input.phone],
    ["Company", input.company],
    ["I am a", INQUIRER_ROLE_LABELS[input.role]],
    ["1031 exchange", input.exchange1031 ? "Yes" : null],
  ];
  const shown = lines.filter((l): l is [string, string] => l[1] !== null);
  const text = [`New inquiry about ${listingName}`, ...shown.map(([k, v]) => `${k}: ${v}`), "", input.message, "", `Open the lead: ${link}`].join("\n");
  const html = [
    `<p><strong>New inquiry about ${escapeHtml(listingName)}</strong></p>`,
    `<p>${shown.map(([k, v]) => `${escapeHtml(k)}: ${escapeHtml(v)}`).join("<br>")}</p>`,
    `<p style="white-space:pre-line">${escapeHtml(input.message)}</p>`,
    `<p><a href="${escapeHtml(link)}">Open the lead</a></p>`,
  ].join("\n");
  return { to, subject: headerSafe(`New inquiry from ${input.name} about ${listingName}`), text, html };
}
