// A listing's one-page flyer:
// made from the listing, its agent, the brand and the photos, cached under a key naming all
// their versions, and rendered a few at a time per process.
import { createHash } from "node:crypto";
import type { Listing } from "../../../shared/schema.js";
import type { Db } from "../../db/database.js";
import { HttpError } from "../../http/http-error.js";
import { concurrencyLimit, TooBusyError, type Limited } from "../../http/concurrency-limit.js";
import { notModified } from "../../http/conditional.js";
import { renderedCache } from "../../http/rendered-cache.js";
import { findAgentById } from "../agents/service.js";
import { getVersionedBrand } from "../brand/service.js";
import { availableSpaces } from "../income/service.js";
import { getListing } from "../listings/service.js";
import { flyerContent, type FlyerContact } from "./flyer-content.js";
import { logoImage, photoForBox } from "./flyer-images.js";
import { flyerMap } from "./flyer-map.js";
import { flyerPhotos } from "./flyer-photos.js";
import { MAX_FLYER_PHOTOS, photoBoxes, renderFlyer, type FlyerImage, type Paper } from "./render-flyer.js";

// Raised when the layout changes, so that flyers cached before are made again.
const LAYOUT_VERSION = 5;

export interface FlyerLimits {
  /** Renders at once in this process; each holds up to four decoded photos. */
  concurrency: number;
  /** Renders that may wait for a turn; more get 503 until some finish. */
  maxWaiting: number;
}
export const DEFAULT_FLYER_LIMITS: FlyerLimits = { concurrency: 2, maxWaiting: 20 };

export interface FlyerDeps {
  db: Db;
  /** The bytes of one of this app's images, null for anything else (the images feature). */
  readImage: (url: string) => Promise<Buffer | null>;
  limits?: FlyerLimits;
  /**
   * The canonical address of the listing's public page while it is served (published, on the
   * market), from the trusted origin; null otherwise. The flyer prints its QR code and short form.
   */
  pageUrl?: (listing: Listing) => Promise<string | null>;
  /**
   * A token that changes whenever a listing, an agent or the brand may have changed, as this
   * user can know it (null while unknown: the bus is down, or their own write is not heard back
   * yet). While it holds, a flyer checked under it is served with no query at all.
   */
  freshness?: (userId: number) => string | null;
}

/** What the route sends: the PDF, its ETag and the listing's name for the file name. */
export interface Flyer {
  etag: string;
  listingName: string;
  /** Null when the request's If-None-Match already names this flyer. */
  pdf: Buffer | null;
}

const busy = () => new HttpError(503, "Too many flyers are being made right now. Please try again in a moment.");

/** If-None-Match names the flyer of this key. */
const heldBy = (ifNoneMatch: string | undefined, key: string) => notModified({ "if-none-match": ifNoneMatch }, `"flyer-${key}"`);

// Rendered flyers kept in memory by their cache key: the key
// names every version a flyer is made from, so an entry is never stale, only unused.
const FLYER_CACHE_BYTES = 64 * 1024 * 1024;

// Flyers checked against the database under a freshness token; cleared whole past this many.
const MAX_CHECKED = 20_000;

export function createFlyerService({ db, readImage, limits = DEFAULT_FLYER_LIMITS, freshness = () => null, pageUrl = async () => null }: FlyerDeps) {
  const cache = renderedCache<Buffer>(FLYER_CACHE_BYTES);
  const checked = new Map<string, { token: string; key: string; listingName: string }>();
  const limited: Limited = concurrencyLimit(limits.concurrency, limits.maxWaiting);
  // Two requests for the same new flyer share one render.
  const rendering = new Map<string, Promise<Buffer>>();

  async function render(listingId: string, paper: Paper, made: Awaited<ReturnType<typeof sources>>): Promise<Buffer> {
    const { listing, agent, brand, photos, page, spaces } = made;
    const chosen = photos.slice(0, MAX_FLYER_PHOTOS);
    const boxes = photoBoxes(paper, chosen.length - 1);
    const prepared = await Promise.all(
      chosen.map(async (photo, i): Promise<FlyerImage | null> => {
        const bytes = await readImage(photo.url);
        const made = bytes && (await photoForBox(bytes, i === 0 ? boxes.cover : boxes.thumbs[i - 1], photo.whole));
        return made ? { bytes: made, whole: photo.whole, caption: photo.caption } : null;
      }),
    );
    const logoBytes = brand.logoUrl ? await readImage(brand.logoUrl) : null;
    const contact: FlyerContact | null = agent ? { name: agent.name, phone: agent.phone, email: agent.email } : null;
    const pdf = await renderFlyer(
      flyerContent(listing, contact, brand, page, spaces),
      {
        photos: prepared.filter((p) => p !== null),
        logo: logoBytes && (await logoImage(logoBytes)),
        map: await flyerMap(listing, brand.accentColor),
      },
      paper,
    );
    // Deleted while it was being made: the flyer of a listing that is gone is not handed out.
    await getListing(db, listingId);
    return pdf;
  }

  async function sources(listingId: string) {
    const listing = await getListing(db, listingId);
    const [brand, agent, photos, page, spaces] = await Promise.all([
      getVersionedBrand(db),
      listing.agentId ? findAgentById(db, listing.agentId) : undefined,
      flyerPhotos(db, listing),
      pageUrl(listing),
      // The summary says whether any space is available; spaces change the listing's version, so the key below follows them.
      listing.spacesSummary ? availableSpaces(db, listing.id) : [],
    ]);
    return { listing, brand, agent, photos, page, spaces };
  }

  /** A flyer checked under this freshness token and still cached (or held by the client); undefined on any doubt. */
  function fromMemory(slot: string, token: string | null, ifNoneMatch: string | undefined): Flyer | undefined {
    const known = token === null ? undefined : checked.get(slot);
    if (!known || known.token !== token) return undefined;
    const pdf = heldBy(ifNoneMatch, known.key) ? null : cache.get(known.key);
    return pdf === undefined ? undefined : { etag: `"flyer-${known.key}"`, listingName: known.listingName, pdf };
  }

  /**
   * The flyer from memory alone, with no query and no render, or undefined when `flyer` has to
   * look (the early answer).
   */
  function remembered(listingId: string, paper: Paper, ifNoneMatch: string | undefined, userId: number): Flyer | undefined {
    return fromMemory(`${listingId}:${paper}`, freshness(userId), ifNoneMatch);
  }

  /** The flyer of a listing (404 when there is none), rendered unless cached or already held by the client. */
  async function flyer(listingId: string, paper: Paper, ifNoneMatch: string | undefined, userId: number): Promise<Flyer> {
    // Read before the sources, so that a change landing meanwhile moves it on.
    const token = freshness(userId);
    const slot = `${listingId}:${paper}`;
    const known = fromMemory(slot, token, ifNoneMatch);
    if (known) return known;

    const made = await sources(listingId);
    const { listing, brand, agent, photos, page } = made;
    const key = createHash("sha256")
      // The point too: a geocoder moves it without raising the version;
      // and the page's address, which publishing, a new link or a new app address moves.
      .update(JSON.stringify([LAYOUT_VERSION, listing.id, listing.version, listing.latitude, listing.longitude, listing.locationPrecision, brand.version, agent?.id, agent?.version, photos.map((p) => [p.url, p.whole, p.caption]), page, paper]))
      .digest("base64url")
      .slice(0, 32);
    const etag = `"flyer-${key}"`;
    const base = { etag, listingName: listing.listingName };
    if (token !== null) {
      if (checked.size >= MAX_CHECKED) checked.clear();
      checked.set(slot, { token, key, listingName: listing.listingName });
    }
    if (heldBy(ifNoneMatch, key)) return { ...base, pdf: null };
    const cached = cache.get(key);
    if (cached) return { ...base, pdf: cached };

    let pending = rendering.get(key);
    if (!pending) {
      pending = limited(() => render(listingId, paper, made)).finally(() => rendering.delete(key));
      rendering.set(key, pending);
    }
    const pdf = await pending.catch((err: unknown) => {
      throw err instanceof TooBusyError ? busy() : err;
    });
    cache.set(key, pdf);
    return { ...base, pdf };
  }

  return { flyer, remembered };
}
export type FlyerService = ReturnType<typeof createFlyerService>;

/** The paper sizes a flyer comes in (the route checks `?paper=` against them). */
export { PAPERS, type Paper } from "./render-flyer.js";
export { flyerHeaders } from "./flyer-reply.js";

/** What a flyer says and which photos it shows, for the other outside-facing pieces (the public page) to say the same. */
export { flyerContent, type FlyerContact, type FlyerContent } from "./flyer-content.js";
// The Inter fonts, for other documents the app makes in the flyer's type (the signed agreement).
export { flyerFonts, type FlyerFont } from "./flyer-fonts.js";
// The flyer's image preparation and photo rule, for the offering memorandum's pages.
export { logoImage, photoForBox } from "./flyer-images.js";
export { shownWhole } from "./flyer-photos.js";
export { flyerFileName } from "./flyer-reply.js";
