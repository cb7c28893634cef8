// The deal room's mail: the signing link, the room's link, the signed agreement (to the signer and
// the agent) and the agent's notice. What a buyer typed is one line of text in every part.
import type { MailMessage } from "../../integrations/mail/mail-transport.js";
import { oneLine } from "../../integrations/mail/mail-text.js";
import { escapeHtml as h } from "../../http/html-text.js";
import { SIGN_LINK_MINUTES } from "../../../shared/deal-room.js";

const subjectSafe = (value: string) => oneLine(value).slice(0, 150);

function message(to: string, subject: string, paragraphs: string[], link?: { href: string; label: string }): MailMessage {
  const text = [...paragraphs, ...(link ? ["", `${link.label}:`, link.href] : [])].join("\n\n");
  const html = `${paragraphs.map((p) => `<p>${h(p)}</p>`).join("")}${link ? `<p><a href="${h(link.href)}">${h(link.label)}</a></p>` : ""}`;
  return { to, subject: subjectSafe(subject), text, html };
}

export function signingLinkMail(to: string, listingName: string, link: string): MailMessage {
  return message(
    to,
    `Sign the confidentiality agreement for ${listingName}`,
    [
      `You asked for the offering memorandum of ${oneLine(listingName)}.`,
      `To see it, read and sign the confidentiality agreement. The link works once, for ${SIGN_LINK_MINUTES} minutes; if it has run out, ask again from the listing's page.`,
      "If you did not ask for this, ignore this message.",
    ],
    { href: link, label: "Read and sign the agreement" },
  );
}

export function roomLinkMail(to: string, listingName: string, link: string, until: Date): MailMessage {
  return message(
    to,
    `Your access to ${listingName}`,
    [`Your access to the documents of ${oneLine(listingName)} is active until ${until.toISOString().slice(0, 10)} (UTC).`, "The link is yours alone: it names you on what you open."],
    { href: link, label: "Open the deal room" },
  );
}

export function signedCaMail(to: string, listingName: string, signer: string, pdf: Buffer, forAgent: boolean): MailMessage {
  const body = forAgent
    ? [`${oneLine(signer)} signed the confidentiality agreement for ${oneLine(listingName)}. The signed agreement is attached.`]
    : [`Thank you for signing the confidentiality agreement for ${oneLine(listingName)}. Your signed copy is attached; keep it for your records.`];
  return {
    ...message(to, forAgent ? `${signer} signed the CA for ${listingName}` : `Your signed confidentiality agreement for ${listingName}`, body),
    attachments: [{ filename: "signed-confidentiality-agreement.pdf", contentType: "application/pdf", contentBase64: pdf.toString("base64") }],
  };
}

export function approvalWaitingMail(to: string, listingName: string, signer: string, link: string | null): MailMessage {
  return message(
    to,
    `Approval waiting: ${signer} for ${listingName}`,
    [`${oneLine(signer)} signed the confidentiality agreement for ${oneLine(listingName)} and waits for a member's approval.`],
    link ? { href: link, label: "Open the listing's deal room" } : undefined,
  );
}

export function omOpenedMail(to: string, listingName: string, buyer: string, title: string, link: string | null): MailMessage {
  return message(
    to,
    `${buyer} opened the offering memorandum for ${listingName}`,
    [`${oneLine(buyer)} opened “${oneLine(title)}” of ${oneLine(listingName)} for the first time.`],
    link ? { href: link, label: "Open the listing's deal room" } : undefined,
  );
}
