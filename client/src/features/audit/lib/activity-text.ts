// Timeline and audit entries as sentences ("Dana changed Asking Price from $1,650,000 to
// $1,595,000"). Values print with the listing-facts formatters the detail dialog uses, fields with
// the form's labels; a kind this screen does not know still reads as a plain sentence.
import type { ActivityEntry, AuditEntry } from "@shared/audit";
import { DOCUMENT_LEVEL_LABELS, type DocumentLevel } from "@shared/documents";
import { fieldLabel } from "@shared/field-labels";
import { INQUIRY_KIND, PROSPECT_STAGES, type ProspectStage } from "@shared/leads";
import { factRows, LISTING_FACT_FIELDS } from "@shared/listing-facts";
import { PROSPECT_KINDS, PROSPECT_STAGE_LABELS } from "@shared/prospects";


const FACTS = new Set<string>(LISTING_FACT_FIELDS);
const LONG = 60;

/** A value as the screens print it; "empty" for none. */
export function valueText(field: string, value: unknown): string {
  if (value === null || value === undefined || value === "") return "empty";
  if (field === "isActive") return value ? "Active" : "Inactive";
  if (typeof value === "boolean") return value ? "on" : "off";
  if (field === "agentId") return "another agent";
  if (FACTS.has(field)) {
    const [row] = factRows({ [field]: value });
    if (row) return row.value;
  }
  const text = String(value);
  return text.length > LONG ? `${text.slice(0, LONG - 1)}…` : text;
}

const changeText = (field: string, [before, after]: [unknown, unknown]) =>
  `${fieldLabel(field)} from ${valueText(field, before)} to ${valueText(field, after)}`;

/** Every field change of an entry, as one list of words. */
const changesText = (entry: ActivityEntry) => listWords(Object.entries(entry.changes ?? {}).map(([f, c]) => changeText(f, c)));

/** A name in quotes, or "a view" style words when the entry has none. */
const quoted = (name: unknown) => (typeof name === "string" && name ? `“${name}”` : "(unnamed)");

const listWords = (parts: string[]) =>
  parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;

/** A deal-room access level in words (shared/documents.ts). */
const levelText = (level: unknown) =>
  typeof level === "string" && level in DOCUMENT_LEVEL_LABELS ? `“${DOCUMENT_LEVEL_LABELS[level as DocumentLevel]}”` : "another level";

const plural = (n: number, word: string) => `${n.toLocaleString("en-US")} ${word}${n === 1 ? "" : "s"}`;

/** The built-in writer by name; anything else is the model that wrote the posts (OPENAI_MODEL). */
const writerName = (writer: unknown) =>
  writer === "built-in" ? "the built-in writer" : typeof writer === "string" && writer ? writer : "a writer";

/** The import an entry points at: its file's name, or when it ran (Import CSV sends no name). */
function importName(entry: ActivityEntry): string {
  const name = entry.details?.importName;
  if (typeof name === "string" && name) return `the import of “${name}”`;
  const at = entry.ref?.at ? new Date(entry.ref.at) : null;
  return at ? `the CSV import of ${at.toLocaleString("en-US", { month: "short", day: "numeric", hour: "numeric", minute: "2-digit" })}` : "a CSV import";
}

const stageText = (stage: unknown) => (PROSPECT_STAGES.includes(stage as ProspectStage) ? PROSPECT_STAGE_LABELS[stage as ProspectStage] : "another stage");

/** A prospect's entry, its note in full: the note is why it was written. */
function prospectPhrase(entry: ActivityEntry): string | null {
  const d = entry.details ?? {};
  const who = typeof d.name === "string" ? d.name : "a prospect";
  const note = typeof d.note === "string" && d.note ? `, noting “${d.note}”` : "";
  switch (entry.kind) {
    case PROSPECT_KINDS.added:
      return `added ${who} to the prospects`;
    case PROSPECT_KINDS.moved: {
      const [from, to] = entry.changes?.stage ?? [];
      return `moved ${who} from ${stageText(from)} to ${stageText(to)}${note}`;
    }
    case PROSPECT_KINDS.noted:
      return `wrote about ${who}${note}`;
    case PROSPECT_KINDS.removed:
      return `removed ${who} from the prospects`;
    default:
      return null;
  }
}

/** How much of an inquiry's message the timeline quotes; the lead's page has it whole. */
const ASKED_CHARS = 200;

/** What happened, without who (the sentence's subject) or when. */
export function activityPhrase(entry: ActivityEntry): string {
  if (entry.kind === INQUIRY_KIND) {
    if (entry.details?.about === "flyer") return "asked for the flyer on the public page";
    const message = typeof entry.details?.message === "string" ? entry.details.message.replace(/\s+/g, " ").trim() : "";
    const quoted = message.length > ASKED_CHARS ? `${message.slice(0, ASKED_CHARS - 1)}…` : message;
    const similar = entry.details?.about === "similar" ? " about similar properties" : "";
    return `asked${similar}: “${quoted}”${entry.details?.exchange1031 === true ? " (1031 exchange)" : ""}`;
  }
  const prospect = prospectPhrase(entry);
  if (prospect !== null) return prospect;
  const d = entry.details ?? {};
  const n = typeof d.count === "number" ? d.count : 0;
  switch (entry.kind) {
    case "listing.created":
      return d.via === "import" ? "created this listing by import" : d.via === "flyer" ? "created this listing from a flyer" : "created this listing";
    case "listing.edited": {
      const parts = Object.entries(entry.changes ?? {}).map(([f, c]) => changeText(f, c));
      return `${d.restoredFrom ? "restored" : "changed"} ${listWords(parts)}`;
    }
    case "listing.activated":
      return "activated this listing";
    case "listing.deactivated":
      return "deactivated this listing";
    case "listing.starred":
      return "starred this listing";
    case "listing.unstarred":
      return "unstarred this listing";
    case "listing.image-set":
      return "set the image";
    case "listing.image-replaced":
      return "replaced the image";
    case "listing.image-removed":
      return "removed the image";
    // The gallery.
    case "listing.photo-added":
      return d.sourceUrl ? "added a photo taken from a flyer" : "added a photo";
    case "listing.photo-removed":
      return "deleted a photo";
    case "listing.photos-reordered":
      return "reordered the photos";
    case "listing.photo-cover-changed":
      return d.isCover === false ? "took the cover mark off a photo" : "chose a new cover photo";
    case "listing.photo-edited":
      return "changed a photo's kind or caption";
    case "listing.photo-rights-confirmed":
      return "confirmed the team may use a photo";
    case "listing.photo-rights-withdrawn":
      return "marked a photo as not confirmed for use";
    // Spaces, rent roll and operating statement (docs/guides/spaces-and-income.md).
    case "listing.space-added":
      return `added space ${String(d.suite ?? "")}`.trim();
    case "listing.space-edited":
      return `changed space ${String(d.suite ?? "")}`.trim();
    case "listing.space-removed":
      return `deleted space ${String(d.suite ?? "")}`.trim();
    case "listing.tenant-added":
      return `added ${String(d.tenant ?? "a tenant")} to the rent roll`;
    case "listing.tenant-edited":
      return `changed ${String(d.tenant ?? "a tenant")} on the rent roll`;
    case "listing.tenant-removed":
      return `took ${String(d.tenant ?? "a tenant")} off the rent roll`;
    case "listing.spaces-imported":
      return `imported the spaces from ${String(d.fileName ?? "a file")} (${plural(Number(d.added ?? 0), "space")}, replacing ${plural(Number(d.replaced ?? 0), "space")})`;
    case "listing.spaces-import-undone":
      return `undid the spaces import from ${String(d.fileName ?? "a file")}, putting back ${plural(Number(d.restored ?? 0), "space")}`;
    case "listing.rent-roll-imported":
      return `imported the rent roll from ${String(d.fileName ?? "a file")} (${plural(Number(d.added ?? 0), "tenant")}, replacing ${plural(Number(d.replaced ?? 0), "tenant")})`;
    case "listing.rent-roll-import-undone":
      return `undid the rent roll import from ${String(d.fileName ?? "a file")}, putting back ${plural(Number(d.restored ?? 0), "tenant")}`;
    case "listing.operating-statement-saved":
      return "saved the operating statement";
    case "listing.om-sections-changed":
      return d.defaults ? "set the offering memorandum back to the brokerage's sections" : "changed the offering memorandum's sections";
    case "listing.om-published":
      return `published offering memorandum v${String(d.omVersion ?? "")} to the deal room (document version ${String(d.documentVersion ?? "")})`;
    case "listing.posts-generated":
      return `generated posts with ${writerName(d.writer)}`;
    case "listing.import-posts-generated":
      return `generated posts with ${writerName(d.writer)} for an import of ${plural(entry.ref?.count ?? 1, "listing")}`;
    case "posts.import-generated":
      return `generated posts with ${writerName(d.writer)} for ${plural(n, "listing")} of ${importName(entry)}`;
    case "listing.posts-regenerated":
      return `regenerated posts with ${writerName(d.writer)}`;
    case "listing.post-regenerated":
      return `regenerated post ${String(d.post ?? "")}`.trim();
    case "listing.post-edited":
      return `changed post ${String(d.post ?? "")}`.trim();
    case "listing.posts-page-linked":
      return `added the public page's link to ${plural(Number(d.posts ?? 0), "post")}`;
    case "listing.document-added":
      return `added the document ${quoted(d.title)} to the deal room (${levelText(d.level)})`;
    case "listing.document-version-added":
      return `uploaded version ${String(d.version ?? "")} of the document ${quoted(d.title)}`;
    case "listing.document-level-changed": {
      const level = d.level as { from?: unknown; to?: unknown } | undefined;
      return `changed who sees the document ${quoted(d.title)} from ${levelText(level?.from)} to ${levelText(level?.to)}`;
    }
    case "listing.document-edited":
      return `changed the document ${quoted(d.title)}`;
    case "listing.document-deleted":
      return `deleted the document ${quoted(d.title)} from the deal room`;
    case "listing.note-added":
      return "added a note";
    case "listing.note-edited":
      return "edited a note";
    case "listing.note-deleted":
      return "deleted a note";
    case "listing.bulk-edited": {
      const fields = (entry.ref?.fields ?? []).map(fieldLabel);
      return `bulk-edited ${fields.length ? listWords(fields) : "this listing"} with ${plural(entry.ref?.count ?? 1, "listing")}`;
    }
    case "listing.bulk-edit-undone": {
      const fields = (entry.ref?.fields ?? []).map(fieldLabel);
      return `undid a bulk edit of ${fields.length ? listWords(fields) : "this listing"}`;
    }
    case "listing.imported":
      return `created this listing in an import of ${plural(entry.ref?.count ?? 1, "listing")}`;
    case "listing.import-updated":
      return `updated this listing in an import of ${plural(entry.ref?.count ?? 1, "listing")}`;
    case "listing.deleted":
      return `deleted the listing ${typeof d.listingName === "string" ? `“${d.listingName}”` : ""}`.trim();
    case "listing.bulk-deleted":
      return `deleted the listing ${typeof d.listingName === "string" ? `“${d.listingName}” ` : ""}in a bulk delete of ${plural(entry.ref?.count ?? 1, "listing")}`;
    case "bulk.deleted":
      return `bulk-deleted ${plural(n, "listing")}`;
    case "bulk.edited": {
      const fields = Object.keys((d.updates as Record<string, unknown>) ?? {}).map(fieldLabel);
      return `bulk-edited ${listWords(fields)} on ${plural(n, "listing")}`;
    }
    case "bulk.edit-undone": {
      const fields = Array.isArray(d.fields) ? d.fields.map(String).map(fieldLabel) : [];
      const skipped =
        typeof d.skipped === "number" && d.skipped > 0 ? ` and left ${plural(d.skipped, "listing")} changed since as ${d.skipped === 1 ? "it was" : "they were"}` : "";
      return `undid a bulk edit of ${listWords(fields)} on ${plural(n, "listing")}${skipped}`;
    }
    case "csv.imported":
      return `imported a CSV file: ${Number(d.created ?? 0).toLocaleString("en-US")} created, ${Number(d.updated ?? 0).toLocaleString("en-US")} updated, ${Number(d.failed ?? 0).toLocaleString("en-US")} failed`;
    case "csv.exported":
      return `exported ${plural(n, d.file === "spaces" ? "space" : d.file === "rent-roll" ? "rent roll tenant" : "listing")} to CSV`;
    case "csv.audit-exported":
      return `exported ${n.toLocaleString("en-US")} audit log ${n === 1 ? "entry" : "entries"} to CSV`;
    case "settings.changed":
      return `changed settings: ${listWords(Object.entries(entry.changes ?? {}).map(([f, c]) => changeText(f, c)))}`;
    case "brand.changed":
      return `changed the brand: ${listWords(Object.entries(entry.changes ?? {}).map(([f, c]) => changeText(f, c)))}`;
    case "auth.sign-in":
      return "signed in";
    case "auth.sign-in-failed":
      return "failed to sign in";
    case "auth.sign-in-refused":
      return "was refused sign-in";
    case "auth.lockout":
      return "was locked out after repeated failed sign-ins";
    case "auth.setup":
      return "set up the workspace as its first admin";
    case "auth.register":
      return "accepted an invitation and joined";
    case "auth.password-reset":
      return "reset their password with a reset link";
    case "account.password-changed":
      return "changed their password";
    case "account.session-ended":
      return `ended ${plural(n || 1, "session")}`;
    case "team.role-changed":
      return `made ${String(d.username ?? "a teammate")} ${d.isAdmin ? "an admin" : "a member"}`;
    case "team.deactivated":
      return `deactivated ${String(d.username ?? "a teammate")}`;
    case "team.reactivated":
      return `reactivated ${String(d.username ?? "a teammate")}`;
    case "team.reset-link-created":
      return `created a password reset link for ${String(d.username ?? "a teammate")}`;
    case "team.invitation-created":
      return `invited ${String(d.email ?? "someone")}`;
    case "team.invitation-cancelled":
      return `cancelled the invitation for ${String(d.email ?? "someone")}`;
    case "feed.key-created":
      return `created the feed key ${quoted(d.name)}`;
    case "feed.key-deleted":
      return `deleted the feed key ${quoted(d.name)}`;
    // The import wizard's undo: the action once, and each restored listing's part in it.
    case "csv.import-undone":
      return `undid the import of ${typeof d.fileName === "string" ? d.fileName : "a file"}: ${Number(d.deleted ?? 0).toLocaleString("en-US")} deleted, ${Number(d.restored ?? 0).toLocaleString("en-US")} restored, ${Number(d.skipped ?? 0).toLocaleString("en-US")} skipped`;
    case "listing.import-undone":
      return `restored this listing's earlier values by undoing an import of ${plural(entry.ref?.count ?? 1, "listing")}`;
    // The public page.
    case "listing.published":
      return "published this listing's public page";
    case "listing.unpublished":
      return "took this listing's public page down";
    case "listing.publication-changed": {
      const listed = entry.changes?.indexable?.[1];
      const gated = entry.changes?.flyerGate?.[1];
      const inInventory = entry.changes?.inventory?.[1];
      const syndicated = entry.changes?.syndicate?.[1];
      const said = [
        listed === true ? "let search engines list the public page" : listed === false ? "asked search engines not to list the public page" : null,
        gated === true ? "asked for a name and email before the public page's flyer" : gated === false ? "let the public page's flyer download without a name and email" : null,
        inInventory === true ? "showed the listing in the brokerage's inventory" : inInventory === false ? "took the listing out of the brokerage's inventory" : null,
        syndicated === true ? "syndicated the listing to feeds" : syndicated === false ? "stopped syndicating the listing to feeds" : null,
      ].filter((part) => part !== null);
      return said.length > 0 ? said.join("; ") : "changed the public page's settings";
    }
    case "listing.room-rules-changed":
      return `changed the deal room's rules: ${changesText(entry)}`;
    case "listing.room-ca-signed":
      return `signed the confidentiality agreement${typeof d.templateVersion === "number" ? ` (version ${d.templateVersion})` : ""}${d.status === "pending" ? ", waiting for approval" : ""}`;
    case "listing.room-grant-added":
      return `let ${typeof d.name === "string" ? d.name : "a buyer"} into the deal room (${d.source === "waived" ? "agreement waived" : "signed elsewhere"})`;
    case "listing.room-grant-approved":
      return `approved ${typeof d.name === "string" ? d.name : "a buyer"}'s access to the deal room`;
    case "listing.room-grant-revoked":
      return `revoked ${typeof d.name === "string" ? d.name : "a buyer"}'s access to the deal room`;
    case "listing.room-grant-changed":
      return `changed ${typeof d.name === "string" ? d.name : "a buyer"}'s access to the deal room: ${listWords(Object.entries(entry.changes ?? {}).map(([f, [a, b]]) => `${f === "expiresAt" ? "ends" : f} from ${String(a).slice(0, 10)} to ${String(b).slice(0, 10)}`))}`;
    case "listing.room-om-opened":
      return `opened the offering memorandum${typeof d.title === "string" ? ` ${quoted(d.title)}` : ""} for the first time`;
    case "room.ca-template-versioned":
      return `saved version ${typeof d.version === "number" ? d.version : "?"} of the confidentiality agreement ${quoted(d.name)}`;
    case "listing.public-link-rotated":
      return "gave the public page a new address (the old link no longer works)";
    case "flyer.image-extracted":
      return "took an image from a flyer";
    case "view.created":
      return `saved the ${d.scope === "team" ? "team " : ""}view ${quoted(d.name)}`;
    case "view.edited":
      return `changed the view ${quoted(d.name)}${entry.changes ? `: ${changesText(entry)}` : ""}`;
    case "view.deleted":
      return `deleted the view ${quoted(d.name)}`;
    case "lead.edited":
      return `changed a lead's ${changesText(entry)}`;
    case "contact.created":
      return `added the contact ${quoted(d.name)}`;
    case "contact.deleted":
      return `deleted the contact ${quoted(d.name)}`;
    case "contact.imported":
      return `imported ${typeof d.count === "number" ? d.count : "some"} contacts from a file`;
    case "contact.import-undone":
      return `undid an import of contacts${typeof d.fileName === "string" ? ` from ${quoted(d.fileName)}` : ""}`;
    case "contact.exported":
      return "exported the contacts as CSV";
    case "contact-list.created":
      return `made the contact list ${quoted(d.name)}`;
    case "contact-list.edited":
      return `renamed the contact list to ${quoted(d.name)}`;
    case "contact-list.deleted":
      return `deleted the contact list ${quoted(d.name)}`;
    case "contact-list.members-added":
      return `added ${typeof d.count === "number" ? d.count : "some"} contacts to the list ${quoted(d.name)}`;
    case "contact-list.members-removed":
      return `removed ${typeof d.count === "number" ? d.count : "some"} contacts from the list ${quoted(d.name)}`;
    case "contact-segment.created":
      return `saved the contact segment ${quoted(d.name)}`;
    case "contact-segment.deleted":
      return `deleted the contact segment ${quoted(d.name)}`;
    case "contact.unsubscribed":
      return `${typeof d.email === "string" ? d.email : "a contact"} unsubscribed from ${d.scope === "listing" ? "this listing's email" : "all email"} (${d.how === "one-click" ? "one-click from their mail app" : "on the unsubscribe page"})`;
    case "contact.bounced":
      return `${typeof d.email === "string" ? d.email : "a contact"}'s mail bounced${d.bounce === "soft" ? " twice in a week" : ""}: no more email goes to it`;
    case "contact.complained":
      return `${typeof d.email === "string" ? d.email : "a contact"} marked our email as spam: no more email goes to it`;
    case "campaign.created":
      return `drafted the campaign ${quoted(d.name)}`;
    case "campaign.edited":
      return `edited the campaign ${quoted(d.name)}`;
    case "campaign.scheduled":
      return `scheduled the campaign ${quoted(d.name)}${typeof d.at === "string" ? ` for ${d.at.slice(0, 16).replace("T", " ")} UTC` : ""}`;
    case "campaign.sent":
      return `started sending the campaign ${quoted(d.name)}${typeof d.recipients === "number" ? ` to ${d.recipients} people` : ""}`;
    case "campaign.paused":
      return `paused the campaign ${quoted(d.name)}${typeof d.reason === "string" ? `: ${d.reason}` : ""}`;
    case "campaign.resumed":
      return `resumed the campaign ${quoted(d.name)}`;
    case "campaign.cancelled":
      return `cancelled the campaign ${quoted(d.name)}`;
    // Agents are members.
    case "agent.linked":
      return `linked the agent profile ${quoted(d.agentName)} to ${typeof d.username === "string" ? d.username : "a member"}`;
    case "agent.unlinked":
      return `unlinked the agent profile ${quoted(d.agentName)} from ${typeof d.username === "string" ? d.username : "its member"}`;
    default:
      // A kind this screen does not know yet (an older screen, a newer server): a plain sentence, never its key.
      return "made a change";
  }
}

/** "Dana changed Asking Price from $1,650,000 to $1,595,000". */
export function activitySentence(entry: ActivityEntry): string {
  // A failed sign-in has no actor, only the username that was tried (when there was one).
  const tried = typeof entry.details?.username === "string" ? `Someone as “${entry.details.username}”` : "Someone";
  // An inquiry is no member's doing: its subject is the person who asked.
  const asker = (entry.kind === INQUIRY_KIND || entry.kind === "listing.room-ca-signed" || entry.kind === "listing.room-om-opened") && typeof entry.details?.name === "string" ? entry.details.name : null;
  const who = entry.actor?.username ?? asker ?? (entry.kind.startsWith("auth.") ? tried : "System");
  return `${who} ${activityPhrase(entry)}`;
}

/**
 * An entry of the admins' log: the timeline's sentence with the listing named, since the log
 * mixes every listing ("Dana starred “Corner Bakery”").
 */
export function auditSentence(entry: AuditEntry): string {
  const sentence = activitySentence(entry);
  const name = entry.listingName;
  if (!name || sentence.includes(`“${name}”`)) return sentence;
  return sentence.includes("this listing") ? sentence.replace("this listing", `“${name}”`) : `${sentence} on “${name}”`;
}

/** "just now", "5 min ago", "2 h ago", "3 d ago", then the date. */
export function timeAgo(at: string, now: Date = new Date()): string {
  const seconds = Math.max(0, (now.getTime() - new Date(at).getTime()) / 1000);
  if (seconds < 60) return "just now";
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`;
  if (seconds < 7 * 86_400) return `${Math.floor(seconds / 86_400)} d ago`;
  return new Date(at).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric" });
}
