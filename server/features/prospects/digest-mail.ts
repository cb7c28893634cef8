// The daily digest of prospects needing a follow-up: per listing, each prospect's name, company,
// stage, how long it has been quiet and the start of what they last asked; what every teammate
// sees on the listing's board, nothing more (no email, phone or notes). What was typed is escaped
// in the HTML part and kept to one line in the text part; the subject holds none.
import { PROSPECT_STAGE_LABELS, type FollowUp } from "../../../shared/prospects.js";
import { escapeHtml } from "../../http/html-text.js";
import type { MailMessage } from "../../integrations/mail/mail-transport.js";
import { excerpt, oneLine } from "../../integrations/mail/mail-text.js";

const DAY_MS = 24 * 60 * 60_000;
// As much of a message as the listing's prospect card shows before "more".
const MESSAGE_CHARS = 90;

function byListing(followUps: FollowUp[]): { listingId: string; listingName: string; items: FollowUp[] }[] {
  const groups = new Map<string, { listingId: string; listingName: string; items: FollowUp[] }>();
  for (const f of followUps) {
    const group = groups.get(f.listingId) ?? { listingId: f.listingId, listingName: f.listingName, items: [] };
    group.items.push(f);
    groups.set(f.listingId, group);
  }
  return [...groups.values()];
}

/** `listingLink`: the address of a listing's page (/listings/:id at PUBLIC_URL), when the app has one to give. */
export function digestMail(to: string, followUps: FollowUp[], now: Date, link: string | null, listingLink?: (listingId: string) => string): MailMessage {
  const line = (f: FollowUp) => {
    const quiet = Math.floor((now.getTime() - Date.parse(f.lastActivityAt)) / DAY_MS);
    return `${oneLine(f.name)}${f.company ? ` (${oneLine(f.company)})` : ""}: ${PROSPECT_STAGE_LABELS[f.stage]}, no activity for ${quiet} days`;
  };
  // The message on a line of its own, quoted, as the listing's board shows its start.
  const asked = (f: FollowUp) => (f.latestMessage ? `Asked: “${excerpt(f.latestMessage, MESSAGE_CHARS)}”` : null);
  const groups = byListing(followUps);
  const count = followUps.length;
  const intro = `${count} ${count === 1 ? "prospect needs" : "prospects need"} a follow-up:`;
  const outro = link ? `The list is on the Leads page: ${link}` : "The list is on Listing Desk's Leads page.";
  const settings = "You get this digest because you chose it in Settings; turn it off there.";
  const opens = (g: { listingId: string }) => (listingLink ? [`Open the listing: ${listingLink(g.listingId)}`] : []);
  const item = (f: FollowUp) => [`- ${line(f)}`, ...(asked(f) ? [`  ${asked(f)}`] : [])];
  const text = [intro, "", ...groups.flatMap((g) => [oneLine(g.listingName), ...g.items.flatMap(item), ...opens(g), ""]), outro, settings].join("\n");
  const heading = (g: { listingId: string; listingName: string }) =>
    listingLink ? `<a href="${escapeHtml(listingLink(g.listingId))}">${escapeHtml(g.listingName)}</a>` : escapeHtml(g.listingName);
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    ...groups.map((g) => `<p><strong>${heading(g)}</strong></p>\n<ul>${g.items.map((f) => `<li>${escapeHtml(line(f))}${asked(f) ? `<br>${escapeHtml(asked(f)!)}` : ""}</li>`).join("")}</ul>`),
    link ? `<p><a href="${escapeHtml(link)}">Open the Leads page</a></p>` : `<p>${escapeHtml(outro)}</p>`,
    `<p>${escapeHtml(settings)}</p>`,
  ].join("\n");
  return { to, subject: `Listing Desk: ${intro.slice(0, -1)}`, text: `${text}\n`, html: `<!doctype html><html><body style="font-family: sans-serif">\n${html}\n</body></html>\n` };
}
