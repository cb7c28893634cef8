// The prospect pipeline of a listing (docs/decisions/306-prospect-pipeline.md): add a lead to a
// listing's prospects (a known one, or a person joined to the lead with their email), move it
// through the stages with an optional note, remove it. Each is one transaction with its entry on
// the listing's timeline (the lead's activity reads the same entries); the database announces the
// change to every server's event stream (migrations/0017). Two moves of one prospect take turns on
// its row, so the last one stands.
import type { Prospect, ProspectStage } from "../../../shared/leads.js";
import { PROSPECT_KINDS, type AddProspectInput, type FollowUp, type MoveProspectInput } from "../../../shared/prospects.js";
import type { Db, Tx } from "../../db/database.js";
import { conflict, notFound } from "../../http/http-error.js";
import { recordAuditEvent, recordListingActivity } from "../audit/service.js";
import { joinLeadByEmail, listProspects } from "../leads/service.js";
import * as data from "./data.js";
import { dayOf, latestDigestTime } from "./digest-time.js";

const LISTING_NOT_FOUND = "Listing not found";
const LEAD_NOT_FOUND = "Lead not found";
const NOT_A_PROSPECT = "This lead is not a prospect of this listing";

async function listingOrNotFound(db: Db | Tx, listingId: string) {
  const listing = await data.findListing(db, listingId);
  if (!listing) throw notFound(LISTING_NOT_FOUND);
  return listing;
}

async function prospectOf(db: Db, listingId: string, leadId: number): Promise<Prospect> {
  const prospect = (await listProspects(db, listingId)).find((p) => p.leadId === leadId);
  if (!prospect) throw notFound(NOT_A_PROSPECT);
  return prospect;
}

/** The lead's row on the listing, locked; 404 naming what is missing: the lead, or its place here. */
async function lockedProspect(tx: Tx, listingId: string, leadId: number) {
  const row = await data.lockProspect(tx, leadId, listingId);
  if (row) return row;
  throw notFound((await data.findLeadName(tx, leadId)) === undefined ? LEAD_NOT_FOUND : NOT_A_PROSPECT);
}

export async function addProspect(db: Db, listingId: string, input: AddProspectInput, actorId: number): Promise<Prospect> {
  const leadId = await db.transaction(async (tx) => {
    const listing = await listingOrNotFound(tx, listingId);
    let id: number;
    if ("leadId" in input) {
      if ((await data.findLeadName(tx, input.leadId)) === undefined) throw notFound(LEAD_NOT_FOUND);
      id = input.leadId;
    } else {
      id = await joinLeadByEmail(tx, input, "manual");
    }
    const name = (await data.findLeadName(tx, id)) as string;
    if (!(await data.insertProspect(tx, id, listingId, "manual"))) throw conflict(`${name} is already a prospect of this listing`);
    await recordListingActivity(tx, { kind: PROSPECT_KINDS.added, actorId, listingId, data: { leadId: id, name, listingName: listing.listingName } });
    return id;
  });
  return prospectOf(db, listingId, leadId);
}

/** A stage change (and its note) is one entry; a note alone at the same stage, another; nothing new, none. */
export async function moveProspect(db: Db, listingId: string, leadId: number, input: MoveProspectInput, actorId: number): Promise<Prospect> {
  await db.transaction(async (tx) => {
    const listing = await listingOrNotFound(tx, listingId);
    const before = await lockedProspect(tx, listingId, leadId);
    const moved = before.stage !== input.stage;
    if (!moved && !input.note) return;
    await data.touchProspect(tx, leadId, listingId, input.stage);
    const facts = { leadId, name: before.name, listingName: listing.listingName, ...(input.note && { note: input.note }) };
    await recordListingActivity(tx, {
      kind: moved ? PROSPECT_KINDS.moved : PROSPECT_KINDS.noted,
      actorId,
      listingId,
      data: moved ? { ...facts, changes: { stage: [before.stage, input.stage] as [ProspectStage, ProspectStage] } } : facts,
    });
  });
  return prospectOf(db, listingId, leadId);
}

export async function removeProspect(db: Db, listingId: string, leadId: number, actorId: number): Promise<void> {
  await db.transaction(async (tx) => {
    const listing = await listingOrNotFound(tx, listingId);
    const before = await lockedProspect(tx, listingId, leadId);
    await data.deleteProspect(tx, leadId, listingId);
    await recordListingActivity(tx, { kind: PROSPECT_KINDS.removed, actorId, listingId, data: { leadId, name: before.name, listingName: listing.listingName } });
  });
}

const DAY_MS = 24 * 60 * 60_000;

/** Prospects needing a follow-up at `now`: quiet for the team's number of days, not closed or lost, on active listings. */
export async function listFollowUps(db: Db | Tx, now = new Date()): Promise<{ days: number; followUps: FollowUp[] }> {
  const days = await data.findFollowUpDays(db);
  const rows = await data.findQuietProspects(db, new Date(now.getTime() - days * DAY_MS));
  return { days, followUps: rows.map((r) => ({ ...r, lastActivityAt: r.lastActivityAt.toISOString() })) };
}

export const followUpDays = (db: Db) => data.findFollowUpDays(db);

export async function setFollowUpDays(db: Db, days: number, actorId: number): Promise<number> {
  await db.transaction(async (tx) => {
    const before = await data.findFollowUpDays(tx);
    if (before === days) return;
    await data.saveFollowUpDays(tx, days);
    await recordAuditEvent(tx, { kind: "settings.changed", actorId, data: { changes: { followUpDays: [before, days] } } });
  });
  return days;
}

export const digestChosen = (db: Db, userId: number) => data.findDigestChoice(db, userId);

/** Saves the member's choice; the first digest after turning it on comes at the next digest time. */
export async function chooseDigest(db: Db, userId: number, enabled: boolean, now = new Date()): Promise<boolean> {
  await db.transaction(async (tx) => {
    const before = await data.findDigestChoice(tx, userId);
    await data.saveDigestChoice(tx, userId, enabled, dayOf(latestDigestTime(now)));
    if (before !== enabled) await recordAuditEvent(tx, { kind: "settings.changed", actorId: userId, data: { changes: { prospectDigest: [before, enabled] } } });
  });
  return enabled;
}
