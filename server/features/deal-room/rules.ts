// A listing's room rules: open or not, CA required, how signers are approved, which agreement,
// how long access lasts. No row is a closed room with the defaults.
import { DEFAULT_ACCESS_DAYS, type RoomRules, type RoomRulesInput } from "../../../shared/deal-room.js";
import type { Db, Tx } from "../../db/database.js";
import { notFound } from "../../http/http-error.js";
import { fieldChanges, recordListingActivity } from "../audit/service.js";
import * as data from "./data.js";
import { assertTemplateExists } from "./templates.js";

export const LISTING_NOT_FOUND = "Listing not found";

const closedRoom = (listingId: string): RoomRules => ({ listingId, enabled: false, caRequired: true, approval: "manual", caTemplateId: null, accessDays: DEFAULT_ACCESS_DAYS });

export async function rulesOf(db: Db | Tx, listingId: string): Promise<RoomRules> {
  const row = await data.findRules(db, listingId);
  if (!row) return closedRoom(listingId);
  const { listingId: id, enabled, caRequired, approval, caTemplateId, accessDays } = row;
  return { listingId: id, enabled, caRequired, approval, caTemplateId, accessDays };
}

export async function getRules(db: Db, listingId: string): Promise<RoomRules> {
  if (!(await data.findListingForRoom(db, listingId))) throw notFound(LISTING_NOT_FOUND);
  return rulesOf(db, listingId);
}

/** Saves the rules; one timeline entry with what changed, none when nothing did. */
export async function setRules(db: Db, listingId: string, input: RoomRulesInput, actorId: number): Promise<RoomRules> {
  await db.transaction(async (tx) => {
    if (!(await data.findListingForRoom(tx, listingId))) throw notFound(LISTING_NOT_FOUND);
    if (input.caTemplateId !== null) await assertTemplateExists(tx, input.caTemplateId);
    const before = await rulesOf(tx, listingId);
    const changes = fieldChanges(before, input);
    if (Object.keys(changes).length === 0) return;
    await data.saveRules(tx, { listingId, ...input });
    await recordListingActivity(tx, { kind: "listing.room-rules-changed", actorId, listingId, data: { changes } });
  });
  return rulesOf(db, listingId);
}

/** Whether the public page offers "Request the offering memorandum". */
export async function requestsOpen(db: Db, listingId: string): Promise<boolean> {
  return (await data.findRules(db, listingId))?.enabled === true;
}
