// A buyer's way in: a request from the public page mails a signing link (15 minutes, one use,
// kept as a hash, bound to the agreement's version current at the request); signing records who,
// when, from where and the hash of the exact text shown, makes the signed PDF, and gives a grant
// that is active or waits for a member by the room's approval rule.
import { ROOM_NOTICE, SIGN_LINK_MINUTES, type GrantStatus, type RoomApproval, type RoomRequestInput } from "../../../shared/deal-room.js";
import { INQUIRER_ROLE_LABELS, type InquirerRole } from "../../../shared/leads.js";
import type { Db, Tx } from "../../db/database.js";
import { notFound } from "../../http/http-error.js";
import { recordListingActivity } from "../audit/service.js";
import { joinLeadForListing } from "../leads/service.js";
import { queueMail } from "../mail/service.js";
import { notifyAboutListing } from "../notifications/service.js";
import { renderSignedCa } from "./ca-pdf.js";
import * as data from "./data.js";
import { activate, CLOSED_STAGES, type RoomAlerts } from "./grants.js";
import { approvalWaitingMail, signedCaMail, signingLinkMail } from "./room-mail.js";
import { rulesOf } from "./rules.js";
import { currentAgreement } from "./templates.js";
import { hashToken, isTokenShape, newToken, sha256Hex } from "./tokens.js";

const DAY_MS = 86_400_000;

/** The approval rule applied to one signer. */
export const signerStatus = (approval: RoomApproval, role: InquirerRole): GrantStatus =>
  approval === "auto" || (approval === "auto-principals" && role === "principal") ? "active" : "pending";

/** Who hears of a signature: the member linked to the listing's agent, else the admins. */
export async function audience(tx: Db | Tx, listingId: string): Promise<{ id: number; email: string | null }[]> {
  const agent = await data.findAgentMember(tx, listingId);
  return agent ? [agent] : data.findActiveAdmins(tx);
}

/**
 * A request from the public page. Without a CA required the grant is made at once (its link mailed
 * proves the address); otherwise a signing link is mailed. False: the room takes no requests.
 */
export async function requestAccess(db: Db, listing: { id: string; listingName: string }, input: RoomRequestInput, alerts: RoomAlerts, now = new Date()): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rules = await rulesOf(tx, listing.id);
    if (!rules.enabled) return false;
    const room = await data.findListingForRoom(tx, listing.id);
    if (!room || (room.dealStage !== null && CLOSED_STAGES.includes(room.dealStage))) return false;
    if (!rules.caRequired) {
      await grantSigner(tx, { listingId: listing.id, listingName: listing.listingName, person: input, approval: rules.approval, accessDays: rules.accessDays, source: "waived", signedAt: null }, alerts);
      return true;
    }
    const agreement = await currentAgreement(tx, rules.caTemplateId);
    const token = newToken();
    await data.insertRequest(tx, {
      listingId: listing.id,
      tokenHash: hashToken(token),
      name: input.name,
      email: input.email,
      company: input.company,
      phone: input.phone,
      role: input.role,
      templateId: agreement.templateId,
      templateVersion: agreement.version,
      // Both from this server's clock: the link's life is exactly its 15 minutes.
      createdAt: now,
      expiresAt: new Date(now.getTime() + SIGN_LINK_MINUTES * 60_000),
    });
    if (alerts.sendsMail) await queueMail(tx, signingLinkMail(input.email, listing.listingName, `${alerts.origin ?? ""}/r/sign/${token}`));
    return true;
  });
}

export interface SigningPage {
  requestId: number;
  listingId: string;
  listingName: string;
  name: string;
  email: string;
  templateName: string;
  body: string;
}

/** The agreement behind a signing link, or null for a link that is unknown, used, run out, or whose room closed. */
export async function signingPage(db: Db | Tx, token: unknown, now = new Date()): Promise<SigningPage | null> {
  if (!isTokenShape(token)) return null;
  const request = await data.findRequestByToken(db, hashToken(token));
  if (!request || request.usedAt !== null || request.expiresAt.getTime() <= now.getTime()) return null;
  const rules = await rulesOf(db, request.listingId);
  const listing = await data.findListingForRoom(db, request.listingId);
  if (!rules.enabled || !listing || (listing.dealStage !== null && CLOSED_STAGES.includes(listing.dealStage))) return null;
  const version = await data.findVersion(db, request.templateId, request.templateVersion);
  const template = await data.findTemplate(db, request.templateId);
  if (!version || !template) return null;
  return { requestId: request.id, listingId: request.listingId, listingName: listing.listingName, name: request.name, email: request.email, templateName: template.name, body: version.body };
}

interface SignerGrant {
  listingId: string;
  listingName: string;
  person: { name: string; email: string; company: string | null; phone: string | null; role: InquirerRole };
  approval: RoomApproval;
  accessDays: number;
  source: "signed" | "waived";
  signedAt: Date | null;
}

/** The signer's lead (joined or made, as an inquiry's), their grant, and who hears of it. */
async function grantSigner(tx: Tx, g: SignerGrant, alerts: RoomAlerts): Promise<{ grantId: number; status: GrantStatus; told: { id: number; email: string | null }[] }> {
  const leadId = await joinLeadForListing(tx, g.person, g.listingId);
  const status = signerStatus(g.approval, g.person.role);
  const expiresAt = new Date((g.signedAt ?? new Date()).getTime() + g.accessDays * DAY_MS);
  const grant = await data.insertGrant(tx, {
    listingId: g.listingId,
    leadId,
    name: g.person.name,
    email: g.person.email,
    company: g.person.company,
    role: g.person.role,
    level: "ca",
    status: "pending",
    source: g.source,
    signedAt: g.signedAt,
    expiresAt,
    approvedBy: null,
    proofUrl: null,
    tokenHash: null,
    createdBy: null,
  });
  if (status === "active") await activate(tx, grant, g.listingName, expiresAt, alerts);
  const told = await audience(tx, g.listingId);
  const who = `${g.person.name}${g.person.company ? ` (${g.person.company})` : ""}`;
  const what = g.source === "signed" ? "signed the confidentiality agreement for" : "asked for the documents of";
  const message = status === "pending" ? `${who} ${what} ${g.listingName} and waits for approval` : `${who} ${what} ${g.listingName}`;
  await notifyAboutListing(tx, told.map((m) => m.id), g.listingId, ROOM_NOTICE, message.slice(0, 300), leadId);
  if (status === "pending" && alerts.sendsMail) {
    for (const member of told) if (member.email) await queueMail(tx, approvalWaitingMail(member.email, g.listingName, who, alerts.origin && `${alerts.origin}/listings/${g.listingId}/room`));
  }
  return { grantId: grant.id, status, told };
}

export interface SignInput {
  signedName: string;
  ip: string | null;
  userAgent: string | null;
}

/**
 * Signs once: the link is used in the same transaction that records the signature, so of two
 * submissions one signs and the other finds the link gone (null: the same 404 as an unknown link).
 */
export async function sign(db: Db, token: unknown, input: SignInput, alerts: RoomAlerts, now = new Date()): Promise<{ status: GrantStatus } | null> {
  const shown = await signingPage(db, token, now);
  if (!shown) return null;
  const request = (await data.findRequestByToken(db, hashToken(token as string)))!;
  const textSha256 = sha256Hex(shown.body);
  // Made before the transaction (it takes a moment); a lost race throws it away.
  const pdf = await renderSignedCa(shown.body, {
    listingName: shown.listingName,
    listingId: shown.listingId,
    templateName: shown.templateName,
    templateId: request.templateId,
    templateVersion: request.templateVersion,
    textSha256,
    signedName: input.signedName,
    email: request.email,
    company: request.company,
    role: INQUIRER_ROLE_LABELS[request.role],
    signedAt: now,
    ip: input.ip,
    userAgent: input.userAgent,
  });
  const pdfSha256 = sha256Hex(pdf);
  return db.transaction(async (tx) => {
    if (!(await data.useRequest(tx, request.id))) return null;
    const rules = await rulesOf(tx, request.listingId);
    const person = { name: request.name, email: request.email, company: request.company, phone: request.phone, role: request.role };
    const granted = await grantSigner(tx, { listingId: request.listingId, listingName: shown.listingName, person, approval: rules.approval, accessDays: rules.accessDays, source: "signed", signedAt: now }, alerts);
    await data.insertSignature(tx, {
      grantId: granted.grantId,
      listingId: request.listingId,
      templateId: request.templateId,
      templateVersion: request.templateVersion,
      textSha256,
      signedName: input.signedName,
      email: request.email,
      company: request.company,
      role: request.role,
      signedAt: now,
      ip: input.ip,
      userAgent: input.userAgent,
      pdf,
      pdfSha256,
    });
    await recordListingActivity(tx, {
      kind: "listing.room-ca-signed",
      actorId: null,
      listingId: request.listingId,
      data: { grantId: granted.grantId, name: request.name, signedName: input.signedName, templateId: request.templateId, templateVersion: request.templateVersion, textSha256, pdfSha256, status: granted.status },
    });
    if (alerts.sendsMail) {
      await queueMail(tx, signedCaMail(request.email, shown.listingName, input.signedName, pdf, false));
      const agentEmails = new Set(granted.told.map((m) => m.email).filter((e): e is string => Boolean(e)));
      for (const email of agentEmails) await queueMail(tx, signedCaMail(email, shown.listingName, input.signedName, pdf, true));
    }
    return { status: granted.status };
  });
}

/** The signed PDF of a grant, for members. */
export async function signedPdf(db: Db, listingId: string, grantId: number): Promise<Buffer> {
  const grant = await data.findGrant(db, listingId, grantId);
  const signature = grant && (await data.findSignatureOfGrant(db, grantId));
  if (!signature) throw notFound("There is no agreement signed here for this grant");
  return signature.pdf;
}

/** Whether a PDF is one we made, unchanged: its SHA-256 is a stored signed agreement's. */
export async function verifyPdf(db: Db, pdf: Buffer) {
  const found = await data.findSignatureByPdfHash(db, sha256Hex(pdf));
  // The stored bytes are compared too: a hash match alone would already do, this guards the index.
  if (!found || !found.pdf.equals(pdf)) return { valid: false as const };
  return { valid: true as const, signer: { name: found.signedName, email: found.email }, listingId: found.listingId, signedAt: found.signedAt.toISOString() };
}
