// The Activity panel's groupings of the room's log (newest first as the server sends it): per
// buyer what they opened and when, per document which version each buyer holds.
import type { RoomActivityEntry } from "@shared/deal-room";

export interface BuyerSummary {
  grantId: number;
  name: string;
  email: string;
  company: string | null;
  /** Each document once, with how often and when it was last opened. */
  opened: { documentId: number; title: string; views: number; downloads: number; lastAt: string }[];
}

export function byBuyer(entries: RoomActivityEntry[]): BuyerSummary[] {
  const buyers = new Map<number, BuyerSummary>();
  for (const e of entries) {
    const buyer = buyers.get(e.grantId) ?? { grantId: e.grantId, name: e.name, email: e.email, company: e.company, opened: [] };
    buyers.set(e.grantId, buyer);
    let doc = buyer.opened.find((d) => d.documentId === e.documentId);
    if (!doc) {
      doc = { documentId: e.documentId, title: e.title, views: 0, downloads: 0, lastAt: e.at };
      buyer.opened.push(doc);
    }
    if (e.action === "view") doc.views++;
    else doc.downloads++;
  }
  return [...buyers.values()];
}

export interface DocumentHolders {
  documentId: number;
  title: string;
  currentVersion: number;
  /** Each buyer once, with the newest version they opened. */
  holders: { grantId: number; name: string; version: number }[];
}

export function byDocument(entries: RoomActivityEntry[]): DocumentHolders[] {
  const docs = new Map<number, DocumentHolders>();
  for (const e of entries) {
    const doc = docs.get(e.documentId) ?? { documentId: e.documentId, title: e.title, currentVersion: e.currentVersion, holders: [] };
    docs.set(e.documentId, doc);
    const held = doc.holders.find((h) => h.grantId === e.grantId);
    if (!held) doc.holders.push({ grantId: e.grantId, name: e.name, version: e.version });
    else held.version = Math.max(held.version, e.version);
  }
  return [...docs.values()].sort((a, b) => a.title.localeCompare(b.title));
}
