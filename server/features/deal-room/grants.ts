// Buyers' grants: who may enter a listing's room, at which level, until when. Every file request
// reads the grant from the database, and the room page does unless memory vouches for it under
// the current version (room-memory.ts), so a revocation, an expiry or a closed deal holds on the
// very next request; expiry by date is applied as grants are read.
import { type Grant, type GrantCreate, type GrantLevel, type GrantPatch, type GrantStatus } from "../../../shared/deal-room.js";
import type { DealStage } from "../../../shared/listing-fact-choices.js";
import type { Db, Tx } from "../../db/database.js";
import type { Readable } from "node:stream";
import { badRequest, notFound } from "../../http/http-error.js";
import { recordListingActivity } from "../audit/service.js";
import type { KeptProof, ServableFile } from "../documents/service.js";
import { getLead, joinLeadForListing } from "../leads/service.js";
import { queueMail } from "../mail/service.js";
import * as data from "./data.js";
import { roomLinkMail } from "./room-mail.js";
import { LISTING_NOT_FOUND, rulesOf } from "./rules.js";
import { hashToken, isTokenShape, newToken } from "./tokens.js";

export const GRANT_NOT_FOUND = "Grant not found";
const DAY_MS = 86_400_000;

/** Deal stages that end every grant (the migration's trigger ends them as the stage is set). */
export const CLOSED_STAGES: readonly DealStage[] = ["Closed", "Withdrawn", "Expired"];

export interface RoomAlerts {
  /** SMTP is configured: links and notices are mailed. */
  sendsMail: boolean;
  /** The trusted origin the mailed links start at; null: root-relative. */
  origin: string | null;
}

/** What grants need of the documents feature (its service, passed in by the app): signed copies kept as proof. */
export interface GrantProofs {
  withProof<T>(url: string, userId: number, attach: (proof: KeptProof, take: (tx: Tx) => Promise<void>) => Promise<T>): Promise<T>;
  proofFile(url: string): Promise<ServableFile | null>;
  read(name: string): Promise<Readable | null>;
}

export const NO_PROOF = "This grant has no signed copy kept";
/** A signed copy uploaded here (else a link kept from before uploads: shown as it is). */
const isUploadedProof = (url: string) => url.startsWith("/api/documents/files/");

const isClosed = (stage: DealStage | null) => stage !== null && CLOSED_STAGES.includes(stage);

function grantDto(row: data.GrantRow, approver: string | null, signatureId: number | null): Grant {
  return {
    id: row.id,
    leadId: row.leadId,
    name: row.name,
    email: row.email,
    company: row.company,
    role: row.role,
    listingId: row.listingId,
    level: row.level,
    status: row.status,
    signedAt: row.signedAt?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
    source: row.source,
    approvedBy: row.approvedBy !== null && approver !== null ? { id: row.approvedBy, username: approver } : null,
    proofUrl: row.proofUrl !== null && isUploadedProof(row.proofUrl) ? `/api/listings/${row.listingId}/room/grants/${row.id}/proof` : row.proofUrl,
    caPdfUrl: signatureId === null ? null : `/api/listings/${row.listingId}/room/grants/${row.id}/ca.pdf`,
    createdAt: row.createdAt.toISOString(),
  };
}

export async function listGrants(db: Db, listingId: string): Promise<Grant[]> {
  if (!(await data.findListingForRoom(db, listingId))) throw notFound(LISTING_NOT_FOUND);
  await data.expireLapsed(db, listingId);
  const rows = await data.findGrants(db, listingId);
  return rows.map((r) => grantDto(r.grant, r.approver, r.signatureId));
}

async function grantOf(db: Db, listingId: string, id: number): Promise<Grant> {
  const found = (await listGrants(db, listingId)).find((g) => g.id === id);
  if (!found) throw notFound(GRANT_NOT_FOUND);
  return found;
}

/**
 * Makes the grant active with a new room link and mails it to its holder. The link's token is
 * new each time, so a link from before a revocation never opens the room again.
 */
export async function activate(tx: Tx, grant: Pick<data.GrantRow, "id" | "email">, listingName: string, expiresAt: Date, alerts: RoomAlerts, set: { level?: GrantLevel; approvedBy?: number | null } = {}): Promise<void> {
  const token = newToken();
  await data.updateGrant(tx, grant.id, { status: "active", tokenHash: hashToken(token), expiresAt, ...set });
  if (alerts.sendsMail) await queueMail(tx, roomLinkMail(grant.email, listingName, `${alerts.origin ?? ""}/r/${token}`, expiresAt));
}

/** Approve (status active), revoke, change the level, extend. */
export async function patchGrant(db: Db, listingId: string, id: number, patch: GrantPatch, actorId: number, alerts: RoomAlerts, now = new Date()): Promise<Grant> {
  await db.transaction(async (tx) => {
    const listing = await data.findListingForRoom(tx, listingId);
    if (!listing) throw notFound(LISTING_NOT_FOUND);
    const grant = await data.findGrant(tx, listingId, id, { lock: true });
    if (!grant) throw notFound(GRANT_NOT_FOUND);
    const lapsed = grant.expiresAt.getTime() <= now.getTime();
    const status: GrantStatus = lapsed && (grant.status === "active" || grant.status === "pending") ? "expired" : grant.status;
    if (patch.expiresAt !== undefined && Date.parse(patch.expiresAt) <= now.getTime()) throw badRequest("The new end of access must be in the future", { expiresAt: "The new end of access must be in the future" });
    const expiresAt = patch.expiresAt !== undefined ? new Date(patch.expiresAt) : grant.expiresAt;
    const level = patch.level ?? grant.level;
    const base = { name: grant.name, grantId: id };

    if (patch.status === "active" && status !== "active") {
      if (isClosed(listing.dealStage)) throw badRequest("The deal is closed: its room no longer grants access", { status: "The deal is closed: its room no longer grants access" });
      // Approving a lapsed grant starts a new term unless a date was given.
      const until = patch.expiresAt === undefined && expiresAt.getTime() <= now.getTime() ? new Date(now.getTime() + (await rulesOf(tx, listingId)).accessDays * DAY_MS) : expiresAt;
      // An approval is the member's: the grant reaches "approved" documents unless a level was chosen.
      await activate(tx, grant, listing.listingName, until, alerts, { level: patch.level ?? "approved", approvedBy: actorId });
      await recordListingActivity(tx, { kind: "listing.room-grant-approved", actorId, listingId, data: { ...base, from: status } });
      return;
    }
    if (patch.status === "revoked" && status !== "revoked") {
      await data.updateGrant(tx, id, { status: "revoked", level, expiresAt });
      await recordListingActivity(tx, { kind: "listing.room-grant-revoked", actorId, listingId, data: { ...base, from: status } });
      return;
    }
    const changes: Record<string, [unknown, unknown]> = {};
    if (level !== grant.level) changes.level = [grant.level, level];
    if (expiresAt.getTime() !== grant.expiresAt.getTime()) changes.expiresAt = [grant.expiresAt.toISOString(), expiresAt.toISOString()];
    if (status !== grant.status) await data.updateGrant(tx, id, { status });
    if (Object.keys(changes).length === 0) return;
    await data.updateGrant(tx, id, { level, expiresAt });
    await recordListingActivity(tx, { kind: "listing.room-grant-changed", actorId, listingId, data: { ...base, changes } });
  });
  return grantOf(db, listingId, id);
}

/**
 * A member lets in someone who signed a CA elsewhere (its signed copy, a PDF uploaded as documents
 * are, kept as proof for members) or whose CA is waived: active at once.
 */
export async function createGrant(db: Db, listingId: string, input: GrantCreate, actorId: number, alerts: RoomAlerts, proofs: GrantProofs | null = null, now = new Date()): Promise<Grant> {
  if (input.expiresAt !== undefined && Date.parse(input.expiresAt) <= now.getTime()) throw badRequest("The end of access must be in the future", { expiresAt: "The end of access must be in the future" });
  // The lead is read before the transaction: the embedded database has one connection.
  let person: { name: string; email: string; company: string | null; phone: string | null; role: "principal" | "broker" | "tenant" | "other" };
  if (input.leadId !== undefined) {
    const lead = await getLead(db, input.leadId).catch(() => null);
    if (!lead) throw badRequest("There is no such lead", { leadId: "There is no such lead" });
    person = { name: lead.name, email: lead.email, company: lead.company, phone: lead.phone, role: lead.role };
  } else {
    person = { name: input.name!, email: input.email!, company: input.company, phone: null, role: input.role ?? "principal" };
  }
  const insert = (proof: KeptProof | null, take?: (tx: Tx) => Promise<void>) =>
    db.transaction(async (tx) => {
      const listing = await data.findListingForRoom(tx, listingId);
      if (!listing) throw notFound(LISTING_NOT_FOUND);
      if (isClosed(listing.dealStage)) throw badRequest("The deal is closed: its room no longer grants access");
      // The upload's link is used up with the grant, or not at all.
      if (take) await take(tx);
      const leadId = await joinLeadForListing(tx, person, listingId);
      const rules = await rulesOf(tx, listingId);
      const expiresAt = input.expiresAt !== undefined ? new Date(input.expiresAt) : new Date(now.getTime() + rules.accessDays * DAY_MS);
      const grant = await data.insertGrant(tx, {
        listingId,
        leadId,
        name: person.name,
        email: person.email,
        company: person.company,
        role: person.role,
        level: input.level,
        status: "pending",
        source: input.source,
        signedAt: null,
        expiresAt,
        approvedBy: actorId,
        proofUrl: proof?.url ?? null,
        tokenHash: null,
        createdBy: actorId,
      });
      await activate(tx, grant, listing.listingName, expiresAt, alerts);
      const proofFacts = proof && { fileName: proof.fileName, size: proof.size, sha256: proof.sha256 };
      await recordListingActivity(tx, { kind: "listing.room-grant-added", actorId, listingId, data: { grantId: grant.id, name: person.name, source: input.source, level: input.level, ...(proofFacts && { proof: proofFacts }) } });
      return grant.id;
    });
  let id: number;
  if (input.proofUrl === undefined) id = await insert(null);
  else if (proofs) id = await proofs.withProof(input.proofUrl, actorId, insert);
  else throw new Error("createGrant: a proof was given but no store for it");
  return grantOf(db, listingId, id);
}

/** The signed copy kept as a grant's proof, for members. */
export async function grantProof(db: Db, proofs: GrantProofs, listingId: string, grantId: number): Promise<{ file: ServableFile; body: Readable }> {
  if (!(await data.findListingForRoom(db, listingId))) throw notFound(LISTING_NOT_FOUND);
  const grant = await data.findGrant(db, listingId, grantId);
  if (!grant) throw notFound(GRANT_NOT_FOUND);
  const file = grant.proofUrl !== null && isUploadedProof(grant.proofUrl) ? await proofs.proofFile(grant.proofUrl) : null;
  const body = file && (await proofs.read(file.name));
  if (!file || !body) throw notFound(NO_PROOF);
  return { file, body };
}

export type RoomAccess =
  | { state: "active"; grant: data.GrantRow; listingName: string }
  | { state: "ended"; contact: string }
  | { state: "unknown" };

/**
 * What a room token opens now: read from the database on every request. An active grant past its
 * date is marked expired here, so expiry needs no timer.
 */
export async function roomAccess(db: Db, token: unknown, now = new Date()): Promise<RoomAccess> {
  if (!isTokenShape(token)) return { state: "unknown" };
  const grant = await data.findGrantByToken(db, hashToken(token));
  if (!grant) return { state: "unknown" };
  const listing = await data.findListingForRoom(db, grant.listingId);
  if (!listing) return { state: "unknown" };
  const contact = listing.agentName ? [listing.agentName, listing.agentEmail, listing.agentPhone].filter(Boolean).join(", ") : "the listing's broker";
  if (grant.status === "active" && !isClosed(listing.dealStage) && grant.expiresAt.getTime() > now.getTime()) return { state: "active", grant, listingName: listing.listingName };
  if (grant.status === "active" && grant.expiresAt.getTime() <= now.getTime()) await data.expireLapsed(db, grant.listingId);
  return { state: "ended", contact };
}

