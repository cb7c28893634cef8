// What buyers did in a listing's room, for the members: every view and download, the recall list
// (who holds a version older than the current one) and the listing's funnel.
import type { RecallEntry, RoomActivity, RoomActivityEntry } from "../../../shared/deal-room.js";
import type { ProspectStage } from "../../../shared/leads.js";
import type { Db } from "../../db/database.js";
import { notFound } from "../../http/http-error.js";
import * as data from "./data.js";
import { LISTING_NOT_FOUND } from "./rules.js";

/** The pipeline's stages that count as "toured or offer" in the funnel (a later stage passed through them). */
const TOURED_OR_FURTHER: readonly ProspectStage[] = ["toured", "offer", "underContract", "closed"];

/**
 * Per document, the buyers whose newest copy (a view or a download: a PDF viewed in the browser can
 * be saved too) is older than the current version.
 */
export function recallList(entries: RoomActivityEntry[]): RecallEntry[] {
  const newest = new Map<string, RoomActivityEntry>();
  for (const e of entries) {
    const key = `${e.documentId}:${e.grantId}`;
    const held = newest.get(key);
    if (!held || e.version > held.version || (e.version === held.version && e.at > held.at)) newest.set(key, e);
  }
  const byDocument = new Map<number, RecallEntry>();
  for (const e of newest.values()) {
    if (e.version >= e.currentVersion) continue;
    const doc = byDocument.get(e.documentId) ?? { documentId: e.documentId, title: e.title, currentVersion: e.currentVersion, holders: [] };
    doc.holders.push({ grantId: e.grantId, name: e.name, email: e.email, version: e.version, at: e.at });
    byDocument.set(e.documentId, doc);
  }
  return [...byDocument.values()].sort((a, b) => a.title.localeCompare(b.title));
}

export async function roomActivity(db: Db, listingId: string): Promise<RoomActivity> {
  if (!(await data.findListingForRoom(db, listingId))) throw notFound(LISTING_NOT_FOUND);
  const rows = await data.findActivity(db, listingId);
  const entries: RoomActivityEntry[] = rows.map((r) => ({
    grantId: r.activity.grantId,
    name: r.name,
    email: r.email,
    company: r.company,
    documentId: r.activity.documentId,
    title: r.title,
    folder: r.folder,
    version: r.activity.version,
    currentVersion: r.currentVersion,
    action: r.activity.action,
    at: r.activity.at.toISOString(),
    ip: r.activity.ip,
    userAgent: r.activity.userAgent,
  }));
  return { entries, recall: recallList(entries), funnel: await data.funnelCounts(db, listingId, TOURED_OR_FURTHER) };
}
