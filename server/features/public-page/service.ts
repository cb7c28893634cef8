// The public page feature's surface: publication for the team, and
// for anyone holding the link the page, its photos, logo, preview image and flyer. A page is
// rendered once per version of what it shows and served from memory while the change bus says
// nothing it shows has changed (the flyer's freshness rule).
// Nothing in a page comes from the request: its links are root-relative, its canonical addresses
// come from the trusted origin, so a cached
// page and preview image are keyed by the listing's versions alone, whatever Host is asked for.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import type { Request } from "express";
import { LRUCache } from "lru-cache";
import { marketStatus } from "../../../shared/market-status.js";
import type { MarketingCampaign } from "../../../shared/public-page.js";
import type { Db } from "../../db/database.js";
import { notFound } from "../../http/http-error.js";
import type { TrustedOrigin } from "../../http/public-origin.js";
import { renderedCache } from "../../http/rendered-cache.js";
import type { Logger } from "../../logger.js";
import { findAgentById } from "../agents/service.js";
import { getVersionedBrand } from "../brand/service.js";
import { flyerContent } from "../flyer/service.js";
import { requestsOpen } from "../deal-room/service.js";
import { availableSpaces } from "../income/service.js";
import { inquiryAgentName } from "../leads/service.js";
import { getListing } from "../listings/service.js";
import { confirmedPhotosForListing, imageKeyOf } from "../photos/service.js";
import { findIndexablePublications, findPublicationByToken, type PublicationRow } from "./data.js";
import { ogImage } from "./og-image.js";
import { marketingFigures } from "./marketing.js";
import { pageMap, pageMapPng } from "./page-map.js";
import type { PageModel } from "./page-model.js";
import { PageFigures } from "./page-figures.js";
import { TOKEN_PATTERN } from "./publication.js";
import { EMPTY_FORM, renderNotice, renderPage, renderPhotos, type FormState } from "./render-page.js";
import { factsWithSpaces, publicSpace } from "./spaces-table.js";
import { VIEWER_SCRIPT_PATH } from "./viewer-script.js";

export { getPublication, rotatePublication, savePublication, servedPageUrls } from "./publication.js";
export { publicPagePath } from "../../../shared/public-page.js";
export { EMPTY_FORM, renderFlyerRequest, renderNotice, type FormState } from "./render-page.js";

/** The 404 page for any token that names nothing: the same for every door (pages, signing links, rooms). */
export const unknownPage = () => renderNotice("Page not found", "There is no listing at this address. Check the link you were given.");
export { LOGO_WIDTH, pagePhotoWidth, photoSrcset } from "./photo-widths.js";
export { VIEWER_SCRIPT, VIEWER_SCRIPT_PATH } from "./viewer-script.js";

// How long a gated flyer's ticket opens it after its form was sent: the download and a retry.
const FLYER_TICKET_SECONDS = 60 * 60;

// Raised when the page's layout changes, so that pages cached before are made again.
const LAYOUT_VERSION = 4;
// Pages found by their token, kept in memory; the least recently used go first past this many.
const MAX_CACHED = 2_000;
// Rendered pages (tens of KB each) and preview images (about 100 KB each), bounded by their bytes.
const PAGES_CACHE_BYTES = 48 * 1024 * 1024;
const PREVIEWS_CACHE_BYTES = 96 * 1024 * 1024;

export interface PublicPageDeps {
  db: Db;
  /** The bytes of one of this app's images, null for anything else (the images feature). */
  readImage: (url: string) => Promise<Buffer | null>;
  /** A token that moves whenever a listing, an agent or the brand may have changed; null while unknown. */
  freshness: () => string | null;
  /** Where the page's canonical addresses point (PUBLIC_URL or the app's address); null: none are absolute. */
  trustedOrigin: TrustedOrigin;
  /** Salts the daily visitor hashes (the session secret). */
  secret: string;
  logger?: Logger;
  /** The listing's campaigns for its marketing figures (the campaigns feature, which itself uses this one). */
  campaignsOf?: (listingId: string) => Promise<MarketingCampaign[]>;
}

/** Why a token has no page: unknown (404, never saying whether a listing exists) or taken down (410). */
export type PageAbsence = "unknown" | "gone";

export interface LoadedPage {
  model: PageModel;
  listingId: string;
  /** The listing's name as the team knows it (for their alerts, never on the page unless it is the page's name). */
  listingName: string;
  /** Names every version the page is made of: its ETag, and its cache key. */
  key: string;
  /** The page's own path, /l/<token>, which its links start from. */
  path: string;
  photoUrls: Map<number, string>;
  logoUrl: string | null;
}

export function createPublicPageService({ db, readImage, freshness, trustedOrigin, secret, logger, campaignsOf }: PublicPageDeps) {
  const figures = new PageFigures(db, secret, logger);
  const loaded = new LRUCache<string, { token: string; page: LoadedPage | PageAbsence }>({ max: MAX_CACHED });
  const rendered = renderedCache<Buffer>(PAGES_CACHE_BYTES);
  const images = renderedCache<Buffer>(PREVIEWS_CACHE_BYTES);

  async function load(token: string): Promise<LoadedPage | PageAbsence> {
    if (!TOKEN_PATTERN.test(token)) return "unknown";
    const publication: PublicationRow | undefined = await findPublicationByToken(db, token);
    if (!publication) return "unknown";
    const listing = await getListing(db, publication.listingId).catch(() => null);
    if (!listing) return "unknown";
    // Withdrawn or Expired: off the market, gone as an unpublished page is (shared/market-status.ts).
    if (!publication.published || !listing.isActive || marketStatus(listing).state === "offMarket") return "gone";
    const [origin, brand, agent, photos, promisedBy, room] = await Promise.all([
      trustedOrigin(),
      getVersionedBrand(db),
      listing.agentId ? findAgentById(db, listing.agentId) : undefined,
      confirmedPhotosForListing(db, listing.id),
      inquiryAgentName(db, listing.id),
      requestsOpen(db, listing.id),
    ]);
    const spaces = listing.spacesSummary ? await availableSpaces(db, listing.id) : [];
    // Absolute from the trusted origin; root-relative while there is none (the canonical link is left out then).
    const base = `${origin ?? ""}/l/${token}`;
    const map = pageMap(listing);
    const contact = agent ? { name: agent.name, phone: agent.phone, email: agent.email } : null;
    const flyer = flyerContent(listing, contact, brand);
    const content = { ...flyer, facts: factsWithSpaces(flyer.facts, listing.spacesSummary) };
    const key = createHash("sha256")
      .update(JSON.stringify([LAYOUT_VERSION, origin, token, listing.version, publication.version, brand.version, agent?.id, agent?.version, promisedBy, photos.map((p) => [p.id, p.url, p.caption]), map?.version, room]))
      .digest("base64url")
      .slice(0, 32);
    const logoUrl = brand.logoUrl && imageKeyOf(brand.logoUrl) ? brand.logoUrl : null;
    const model: PageModel = {
      url: origin ? base : null,
      ogImageUrl: `${base}/og.jpg?v=${key.slice(0, 12)}`,
      siteName: brand.brokerageName || "Listing Desk",
      content,
      listing,
      publishedAt: publication.publishedAt,
      indexable: publication.indexable,
      flyerGate: publication.flyerGate,
      photos: photos.map((p) => ({ id: p.id, alt: p.caption || content.name, width: p.width, height: p.height })),
      logoPath: logoUrl ? `/l/${token}/logo` : null,
      map,
      brand,
      promisedBy,
      room,
      spaces: spaces.map(publicSpace),
    };
    return { model, listingId: listing.id, listingName: listing.listingName, key, path: `/l/${token}`, photoUrls: new Map(photos.map((p) => [p.id, p.url])), logoUrl };
  }

  /** The page behind a token, from memory while nothing it shows may have changed; undefined when not in memory. */
  function remembered(token: string): LoadedPage | PageAbsence | undefined {
    const current = freshness();
    const known = current === null ? undefined : loaded.get(token);
    return known && known.token === current ? known.page : undefined;
  }

  /** The page behind a token, from memory while nothing it shows may have changed. */
  async function page(token: string): Promise<LoadedPage | PageAbsence> {
    const known = remembered(token);
    if (known) return known;
    const current = freshness();
    const found = await load(token);
    if (current !== null) loaded.set(token, { token: current, page: found });
    return found;
  }

  /** The page's HTML: the plain page and its thank-you are cached by key (as bytes, ready to send), a form with errors never. */
  function html(found: LoadedPage, form: FormState = EMPTY_FORM): Buffer {
    const base = found.path;
    if (Object.keys(form.errors).length > 0) return Buffer.from(renderPage(found.model, base, form));
    const cacheKey = `${found.key}:${form.sent ? "sent" : form.roomSent ? "room" : "plain"}`;
    let out = rendered.get(cacheKey);
    if (out === undefined) {
      out = Buffer.from(renderPage(found.model, base, form.sent ? { ...EMPTY_FORM, sent: true } : form.roomSent ? { ...EMPTY_FORM, roomSent: true } : EMPTY_FORM));
      rendered.set(cacheKey, out);
    }
    return out;
  }

  /** The photo viewer's HTML, cached by the page's key as the page is; null for a page without photos. */
  function photosHtml(found: LoadedPage): Buffer | null {
    if (found.model.photos.length === 0) return null;
    const cacheKey = `${found.key}:photos`;
    let out = rendered.get(cacheKey);
    if (out === undefined) {
      out = Buffer.from(renderPhotos(found.model, found.path, VIEWER_SCRIPT_PATH));
      rendered.set(cacheKey, out);
    }
    return out;
  }

  const ticketMac = (found: LoadedPage, expires: number) => createHmac("sha256", secret).update(`flyer:${found.path}:${expires}`).digest("base64url").slice(0, 22);

  /** What opens a gated page's flyer for an hour: given once its short form has recorded the lead. */
  function flyerTicket(found: LoadedPage): string {
    const expires = Math.floor(Date.now() / 1000) + FLYER_TICKET_SECONDS;
    return `${expires}.${ticketMac(found, expires)}`;
  }

  /** Whether a request may have the flyer: always when the page asks nothing first, else with a current ticket for this page. */
  function flyerOpen(found: LoadedPage, ticket: unknown): boolean {
    if (!found.model.flyerGate) return true;
    const match = typeof ticket === "string" ? /^(\d{1,12})\.([A-Za-z0-9_-]{22})$/.exec(ticket) : null;
    if (!match || Number(match[1]) < Date.now() / 1000) return false;
    return timingSafeEqual(Buffer.from(match[2]), Buffer.from(ticketMac(found, Number(match[1]))));
  }

  /** The app image behind one of the page's photos (its confirmed photos only). */
  function photoKey(found: LoadedPage, photoId: number): string {
    const key = imageKeyOf(found.photoUrls.get(photoId) ?? "");
    if (!key) throw notFound("Photo not found");
    return key;
  }

  /** The app image behind the brand's logo, 404 without one. */
  function logoKey(found: LoadedPage): string {
    const key = imageKeyOf(found.logoUrl ?? "");
    if (!key) throw notFound("No logo");
    return key;
  }

  /** The preview image when it is in memory already. */
  const rememberedPreview = (found: LoadedPage): Buffer | undefined => images.get(found.key);

  /** The 1200x630 preview image, made once per page version. */
  async function previewImage(found: LoadedPage): Promise<Buffer> {
    const cached = images.get(found.key);
    if (cached) return cached;
    const coverId = found.model.photos[0]?.id;
    const cover = coverId === undefined ? null : await readImage(found.photoUrls.get(coverId)!);
    const made = await ogImage(cover, found.model);
    images.set(found.key, made);
    return made;
  }

  /** The map image of the page's place (the area alone when the address is hidden), 404 without a point. */
  function mapImage(found: LoadedPage): Promise<Buffer> {
    const { map, brand } = found.model;
    if (!map) throw notFound("No map");
    return pageMapPng(map, brand.accentColor);
  }

  /** The pages search engines may index, as absolute addresses from `origin`. */
  async function indexablePages(origin: string): Promise<{ url: string; updatedAt: Date }[]> {
    const rows = await findIndexablePublications(db);
    const served = await Promise.all(rows.map(async (r) => ({ row: r, found: await page(r.token) })));
    return served.filter(({ found }) => typeof found === "object").map(({ row }) => ({ url: `${origin}/l/${row.token}`, updatedAt: row.updatedAt }));
  }

  return {
    page,
    remembered,
    html,
    photosHtml,
    flyerTicket,
    flyerOpen,
    photoKey,
    logoKey,
    previewImage,
    rememberedPreview,
    mapImage,
    indexablePages,
    /** How many rendered pages and preview images are in memory. */
    cached: () => ({ pages: rendered.size, previews: images.size }),
    /** Counts a person's view or flyer download (bots are not counted). */
    count: (req: Request, found: LoadedPage, kind: "view" | "flyer") => figures.record(req, found.listingId, kind),
    marketing: (listingId: string) => marketingFigures(db, figures, listingId, campaignsOf),
  };
}
export type PublicPageService = ReturnType<typeof createPublicPageService>;
