// The buyer's room behind /r/<token>: the documents a grant reaches, each file authorised on every
// request against the grant's state now, every PDF stamped with its viewer, and every view and
// download logged (docs/guides/deal-room.md, "The buyer's room, watermarks and tracking").
import type { Readable } from "node:stream";
import { buffer } from "node:stream/consumers";
import { isOfferingMemorandum, LEVELS_REACHED, ROOM_NOTICE, type RoomAction } from "../../../shared/deal-room.js";
import type { ListingDocument } from "../../../shared/documents.js";
import type { Db } from "../../db/database.js";
import { renderingCache } from "../../http/rendered-cache.js";
import { recordListingActivity } from "../audit/service.js";
import type { ServableFile } from "../documents/service.js";
import { queueMail } from "../mail/service.js";
import { notifyAboutListing } from "../notifications/service.js";
import * as data from "./data.js";
import type { RoomAlerts } from "./grants.js";
import { omOpenedMail } from "./room-mail.js";
import { audience } from "./signing.js";
import { stampInWorker } from "./stamp-in-worker.js";

/** What the room needs of the documents feature (its service, passed in by the app). */
export interface RoomFiles {
  listDocuments(listingId: string): Promise<ListingDocument[]>;
  versionFile(listingId: string, documentId: number, version: number): Promise<ServableFile>;
  read(name: string): Promise<Readable | null>;
}

/** Stamped PDFs kept in memory, by grant, document and version (the first stamp's time stays: docs/decisions/406). */
export const STAMPED_CACHE_BYTES = 256 * 1024 * 1024;

export type FileKind = "pdf" | "image" | "other";
export const kindOf = (contentType: string): FileKind => (contentType === "application/pdf" ? "pdf" : contentType.startsWith("image/") ? "image" : "other");

/** The documents a grant reaches now: its levels, current versions only, never `team`. */
export const reachable = (documents: ListingDocument[], level: data.GrantRow["level"]) =>
  documents.filter((d) => (LEVELS_REACHED[level] as readonly string[]).includes(d.level) && d.note === null);

/** Whether a document may be opened in the browser (else it is download-only, where downloadable). */
export const viewable = (d: ListingDocument) => kindOf(d.contentType) !== "other";

export interface Opened {
  fileName: string;
  contentType: string;
  inline: boolean;
  body: Buffer | Readable;
  size: number;
}

interface StampContext {
  grant: data.GrantRow;
  listingName: string;
  file: ServableFile;
  files: RoomFiles;
}

export interface Client {
  ip: string | null;
  userAgent: string | null;
}

export function createBuyerRoom(db: Db, files: RoomFiles, alerts: () => Promise<RoomAlerts>, cacheBytes = STAMPED_CACHE_BYTES) {
  const stamped = renderingCache<Buffer, StampContext>(cacheBytes, async ({ grant, listingName, file, files: from }) => {
    const body = await from.read(file.name);
    if (!body) throw new Error(`The stored file ${file.name} is missing`);
    const original = await buffer(body);
    return stampInWorker({
      bytes: new Uint8Array(original.buffer, original.byteOffset, original.byteLength),
      stamp: { name: grant.name, email: grant.email, company: grant.company, listing: listingName, at: new Date().toISOString() },
    });
  });

  /** The grant's documents, by folder then title (the documents feature's order). */
  async function documentsOf(grant: data.GrantRow): Promise<ListingDocument[]> {
    return reachable(await files.listDocuments(grant.listingId), grant.level);
  }

  /** Logs the view or download; the first offering memorandum a buyer opens is heard by the agent. */
  async function log(grant: data.GrantRow, listingName: string, doc: ListingDocument, action: RoomAction, client: Client): Promise<void> {
    const om = isOfferingMemorandum(doc);
    const mail = await alerts();
    await db.transaction(async (tx) => {
      // Locked so that two first opens at once make one notice.
      await data.lockGrant(tx, grant.id);
      const first = om && !(await data.hasOpenedOm(tx, grant.id));
      await data.insertActivity(tx, { listingId: grant.listingId, grantId: grant.id, documentId: doc.id, version: doc.version, action, offeringMemorandum: om, ip: client.ip, userAgent: client.userAgent });
      if (!first) return;
      const who = `${grant.name}${grant.company ? ` (${grant.company})` : ""}`;
      await recordListingActivity(tx, { kind: "listing.room-om-opened", actorId: null, listingId: grant.listingId, data: { grantId: grant.id, name: grant.name, documentId: doc.id, title: doc.title, version: doc.version } });
      const told = await audience(tx, grant.listingId);
      await notifyAboutListing(tx, told.map((m) => m.id), grant.listingId, ROOM_NOTICE, `${who} opened the offering memorandum of ${listingName}`.slice(0, 300), grant.leadId ?? undefined);
      if (mail.sendsMail) {
        for (const member of told) if (member.email) await queueMail(tx, omOpenedMail(member.email, listingName, who, doc.title, mail.origin && `${mail.origin}/listings/${grant.listingId}/room`));
      }
    });
  }

  /**
   * One document for the grant's holder, or null when the grant does not reach it (or not this
   * way: a download of a view-only document, a view of a spreadsheet). PDFs leave stamped.
   */
  async function open(grant: data.GrantRow, listingName: string, documentId: number, action: RoomAction, client: Client): Promise<Opened | null> {
    const doc = (await documentsOf(grant)).find((d) => d.id === documentId);
    if (!doc) return null;
    if (action === "download" ? !doc.downloadable : !viewable(doc)) return null;
    const file = await files.versionFile(grant.listingId, doc.id, doc.version);
    let body: Buffer | Readable;
    let size = file.size;
    if (kindOf(doc.contentType) === "pdf") {
      body = (await stamped.fetch(`${grant.id}:${doc.id}:${doc.version}`, { context: { grant, listingName, file, files } }))!;
      size = body.length;
      await log(grant, listingName, doc, action, client);
    } else {
      // Logged before the stream opens, so a failed log leaves no stream open.
      await log(grant, listingName, doc, action, client);
      const stream = await files.read(file.name);
      if (!stream) throw new Error(`The stored file ${file.name} is missing`);
      body = stream;
    }
    return { fileName: file.fileName, contentType: file.contentType, inline: action === "view", body, size };
  }

  return { documentsOf, open, stampedCache: stamped };
}

export type BuyerRoom = ReturnType<typeof createBuyerRoom>;
