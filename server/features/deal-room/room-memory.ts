// The buyer's room page from memory (docs/guides/deal-room.md, "The room page from memory"): each
// room token whose grant was active is remembered with its grant and end of access, under the
// version of the room's data read before the grant was; the page's HTML is kept per grant and
// version in a byte-bounded cache. Either is used only while that version is still current and no
// write made through this server is unheard (the version is then null), and the grant's end has
// not passed: a revocation, a closed deal, a new document or a changed level moves the version on,
// so the next request reads the database again.
import { LRUCache } from "lru-cache";
import { renderedCache } from "../../http/rendered-cache.js";

/** The version of everything a room page shows or depends on, or null when memory is not to be trusted. */
export type RoomFreshness = () => string | null;

/** Room pages kept in memory: about 15 KB each for 50 documents. */
export const ROOM_PAGES_BYTES = 32 * 1024 * 1024;
/** Room tokens remembered: a few hundred bytes each. */
const TOKENS_KEPT = 20_000;

interface Remembered {
  version: string;
  grantId: number;
  /** The grant's end, in ms: checked on every request, so expiry needs no change. */
  endsAt: number;
}

export interface RoomMemory {
  /** The current version, read BEFORE the grant and the documents are; null: read the database. */
  version(): string | null;
  /** The page kept for this grant under this version. */
  page(grantId: number, version: string): Buffer | undefined;
  /** Keeps an active grant's page under the version read before its data was. */
  keep(tokenHash: string, version: string, grant: { id: number; expiresAt: Date }, html: Buffer): void;
  /** The page for a room token from memory alone, or undefined when the database must be asked. */
  remembered(tokenHash: string, now?: number): Buffer | undefined;
}

export function createRoomMemory(freshness: RoomFreshness, pageBytes = ROOM_PAGES_BYTES): RoomMemory {
  const tokens = new LRUCache<string, Remembered>({ max: TOKENS_KEPT });
  const pages = renderedCache<Buffer>(pageBytes);
  const pageKey = (grantId: number, version: string) => `${grantId}:${version}`;
  return {
    version: freshness,
    page: (grantId, version) => pages.get(pageKey(grantId, version)),
    keep(tokenHash, version, grant, html) {
      tokens.set(tokenHash, { version, grantId: grant.id, endsAt: grant.expiresAt.getTime() });
      pages.set(pageKey(grant.id, version), html);
    },
    remembered(tokenHash, now = Date.now()) {
      const version = freshness();
      if (version === null) return undefined;
      const known = tokens.get(tokenHash);
      if (!known || known.version !== version || known.endsAt <= now) return undefined;
      return pages.get(pageKey(known.grantId, version));
    },
  };
}
