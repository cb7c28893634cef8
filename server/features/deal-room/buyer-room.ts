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
import { pagesInWorker, TOO_COMPLEX_PAGES, UNREADABLE_PAGES, type PageSize } from "./page-images.js";
import { stampInWorker } from "./stamp-in-worker.js";

/** What the room needs of the documents feature (its service, passed in by the app). */
export interface RoomFiles {
  listDocuments(listingId: string): Promise<ListingDocument[]>;
  versionFile(listingId: string, documentId: number, version: number): Promise<ServableFile>;
  read(name: string): Promise<Readable | null>;
}

/** Stamped PDFs kept in memory, by grant, document and version (the first stamp's time stays: docs/decisions/406). */
export const STAMPED_CACHE_BYTES = 256 * 1024 * 1024;

/** Page images of view-only PDFs kept in memory, by grant, document, version and page. */
export const PAGE_CACHE_BYTES = 64 * 1024 * 1024;

export type FileKind = "pdf" | "image" | "other";
export const kindOf = (contentType: string): FileKind => (contentType === "application/pdf" ? "pdf" : contentType.startsWith("image/") ? "image" : "other");

/** The documents a grant reaches now: its levels, current versions only, never `team`. */
export const reachable = (documents: ListingDocument[], level: data.GrantRow["level"]) =>
  documents.filter((d) => (LEVELS_REACHED[level] as readonly string[]).includes(d.level) && d.note === null);

/** Whether a document may be opened in the browser (else it is download-only, where downloadable). */
export const viewable = (d: ListingDocument) => kindOf(d.contentType) !== "other";

/** A PDF the buyer may not download: shown page by page as images, never as a file. */
export const shownAsPages = (d: ListingDocument) => kindOf(d.contentType) === "pdf" && !d.downloadable;

/** A view-only PDF's pages, or why they cannot be shown (a damaged file, one over a limit). */
export type PagesView = { doc: ListingDocument; sizes: PageSize[] } | { doc: ListingDocument; problem: string };

/** One page image, or why it cannot be drawn. */
export type PageImage = { image: Buffer } | { problem: string };

/** What the page drawing could not do, told to the buyer as it is (the worker's own words). */
class PagesProblem extends Error {}

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

export function createBuyerRoom(db: Db, files: RoomFiles, alerts: () => Promise<RoomAlerts>, cacheBytes = STAMPED_CACHE_BYTES, pageCacheBytes = PAGE_CACHE_BYTES) {
  const stamped = renderingCache<Buffer, StampContext>(cacheBytes, async ({ grant, listingName, file, files: from }) => {
    const body = await from.read(file.name);
    if (!body) throw new Error(`The stored file ${file.name} is missing`);
    const original = await buffer(body);
    try {
      return await stampInWorker({
        bytes: new Uint8Array(original.buffer, original.byteOffset, original.byteLength),
        stamp: { name: grant.name, email: grant.email, company: grant.company, listing: listingName, at: new Date().toISOString() },
      });
    } catch (err) {
      // The stored file read, but pdf-lib could not stamp it in time or at all: the file's doing, said so.
      throw new PagesProblem(err instanceof Error && /too long/.test(err.message) ? TOO_COMPLEX_PAGES : UNREADABLE_PAGES);
    }
  });

  const stampedOf = async (grant: data.GrantRow, listingName: string, doc: ListingDocument): Promise<Buffer> => {
    const file = await files.versionFile(grant.listingId, doc.id, doc.version);
    return (await stamped.fetch(`${grant.id}:${doc.id}:${doc.version}`, { context: { grant, listingName, file, files } }))!;
  };

  // Both drawn from the stamped copy, so every image carries the PDF's own stamp and time.
  const sizes = renderingCache<string, { grant: data.GrantRow; listingName: string; doc: ListingDocument }>(4 * 1024 * 1024, async ({ grant, listingName, doc }) => {
    const answer = await pagesInWorker({ kind: "sizes", bytes: await stampedOf(grant, listingName, doc) });
    if (!answer.ok) throw new PagesProblem(answer.message);
    // A file pdf-lib read leniently into no pages at all has nothing to show: it is damaged.
    if (!("sizes" in answer) || answer.sizes.length === 0) throw new PagesProblem(UNREADABLE_PAGES);
    return JSON.stringify(answer.sizes);
  });
  const pages = renderingCache<Buffer, { grant: data.GrantRow; listingName: string; doc: ListingDocument; page: number }>(pageCacheBytes, async ({ grant, listingName, doc, page }) => {
    const answer = await pagesInWorker({ kind: "page", bytes: await stampedOf(grant, listingName, doc), page });
    if (!answer.ok) throw new PagesProblem(answer.message);
    if (!("image" in answer)) throw new Error("The page worker answered without an image");
    return Buffer.from(answer.image.buffer, answer.image.byteOffset, answer.image.byteLength);
  });

  /** A PagesProblem told as a message; anything else is a bug. */
  const told = async <T>(work: () => Promise<T>): Promise<T | { problem: string }> => {
    try {
      return await work();
    } catch (err) {
      if (err instanceof PagesProblem) return { problem: err.message };
      throw err;
    }
  };

  const viewOnly = async (grant: data.GrantRow, documentId: number) => {
    const doc = (await documentsOf(grant)).find((d) => d.id === documentId);
    return doc && shownAsPages(doc) ? doc : null;
  };

  /**
   * A view-only PDF's page sizes for the viewer, logged as one view of the document (its pages
   * are not logged one by one); null when the grant does not reach such a document.
   */
  async function viewPages(grant: data.GrantRow, listingName: string, documentId: number, client: Client): Promise<PagesView | null> {
    const doc = await viewOnly(grant, documentId);
    if (!doc) return null;
    const measured = await told(async () => JSON.parse((await sizes.fetch(`${grant.id}:${doc.id}:${doc.version}`, { context: { grant, listingName, doc } }))!) as PageSize[]);
    if ("problem" in measured) return { doc, problem: measured.problem };
    await log(grant, listingName, doc, "view", client);
    return { doc, sizes: measured };
  }

  /** Page `page` of a view-only PDF as a WebP image; null when the grant does not reach it or there is no such page. */
  async function pageImage(grant: data.GrantRow, listingName: string, documentId: number, page: number): Promise<PageImage | null> {
    const doc = await viewOnly(grant, documentId);
    if (!doc) return null;
    const key = `${grant.id}:${doc.id}:${doc.version}`;
    const measured = await told(async () => JSON.parse((await sizes.fetch(key, { context: { grant, listingName, doc } }))!) as PageSize[]);
    if ("problem" in measured) return measured;
    if (page > measured.length) return null;
    return told(async () => ({ image: (await pages.fetch(`${key}:${page}`, { context: { grant, listingName, doc, page } }))! }));
  }

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
    // A view-only PDF never leaves as a file: its view is the page viewer (viewPages).
    if (action === "download" ? !doc.downloadable : !viewable(doc) || shownAsPages(doc)) return null;
    const file = await files.versionFile(grant.listingId, doc.id, doc.version);
    let body: Buffer | Readable;
    let size = file.size;
    if (kindOf(doc.contentType) === "pdf") {
      body = await stampedOf(grant, listingName, doc);
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

  return { documentsOf, open, viewPages, pageImage, stampedCache: stamped, pageCache: pages };
}

export type BuyerRoom = ReturnType<typeof createBuyerRoom>;
