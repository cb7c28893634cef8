// The mail a member gets about a new inquiry: who asked and about what, nothing internal. Every
// value a visitor typed is text: escaped in the HTML part, and kept off header lines unless
// flattened to one line (no CR or LF can start a header of its own).
import type { InquiryInput } from "../../../shared/leads.js";
import { INQUIRER_ROLE_LABELS } from "../../../shared/leads.js";
import type { MailMessage } from "../../integrations/mail/mail-transport.js";
import { oneLine } from "../../integrations/mail/mail-text.js";
import { escapeHtml } from "../../http/html-text.js";

/** One line, safe for a header: line breaks and other control characters become spaces. */
export const headerSafe = (value: string): string =>
  value
    .replace(/[\p{Cc}\u2028\u2029]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 150);

/**
 * `link`: the lead in the app, from the trusted origin; null
 * while the server has none, and then the mail names the page instead. In the text part, what the
 * visitor typed stands on lines of its own, under a label of ours: each value on one indented
 * line, the message quoted line by line, so nothing typed can pass for a line of the mail's own.
 */
export function inquiryMail(to: string, listingName: string, input: InquiryInput, link: string | null): MailMessage {
  const lines: [string, string | null][] = [
    ["Name", input.name],
    ["Email", input.email],
    ["Phone", input.phone],
    ["Company", input.company],
    ["I am a", INQUIRER_ROLE_LABELS[input.role]],
    ["1031 exchange", input.exchange1031 ? "Yes" : null],
  ];
  const shown = lines.filter((l): l is [string, string] => l[1] !== null);
  const quoted = input.message.split(/\r\n|[\r\n\u2028\u2029]/).map((line) => `> ${line.replace(/[\p{Cc}]+/gu, " ")}`);
  const text = [
    "New inquiry about:",
    `  ${oneLine(listingName)}`,
    "",
    ...shown.flatMap(([k, v]) => [`${k}:`, `  ${oneLine(v)}`]),
    "",
    "Message:",
    ...quoted,
    "",
    link ? `Open the lead: ${link}` : "Open Leads in Listing Desk to see it.",
  ].join("\n");
  const html = [
    `<p><strong>New inquiry about ${escapeHtml(listingName)}</strong></p>`,
    `<p>${shown.map(([k, v]) => `${escapeHtml(k)}: ${escapeHtml(v)}`).join("<br>")}</p>`,
    `<p style="white-space:pre-line">${escapeHtml(input.message)}</p>`,
    link ? `<p><a href="${escapeHtml(link)}">Open the lead</a></p>` : "<p>Open Leads in Listing Desk to see it.</p>",
  ].join("\n");
  return { to, subject: headerSafe(`New inquiry from ${input.name} about ${listingName}`), text: `${text}\n`, html };
}
