// The public page feature's surface (docs/decisions/275 to 278): publication for the team, and
// for anyone holding the link the page, its photos, logo, preview image and flyer. A page is
// rendered once per version of what it shows and served from memory while the change bus says
// nothing it shows has changed (the flyer's freshness rule, docs/decisions/258-flyer-cache.md).
import { createHash } from "node:crypto";
import type { Request } from "express";
import { marketStatus } from "../../../shared/market-status.js";
import type { Db } from "../../db/database.js";
import { notFound } from "../../http/http-error.js";
import type { Logger } from "../../logger.js";
import { findAgentById } from "../agents/service.js";
import { getVersionedBrand } from "../brand/service.js";
import { flyerContent } from "../flyer-pdf/service.js";
import { getListing } from "../listings/service.js";
import { confirmedPhotosForListing, imageKeyOf } from "../photos/service.js";
import { findIndexablePublications, findPublicationByToken, type PublicationRow } from "./data.js";
import { ogImage } from "./og-image.js";
import { marketingFigures } from "./marketing.js";
import { pageMap, pageMapPng } from "./page-map.js";
import type { PageModel } from "./page-model.js";
import { PageFigures } from "./page-figures.js";
import { TOKEN_PATTERN } from "./publication.js";
import { EMPTY_FORM, renderPage, type FormState } from "./render-page.js";

export { getPublication, rotatePublication, savePublication, servedPageUrls } from "./publication.js";
export { publicPagePath } from "../../../shared/public-page.js";
export { renderNotice, type FormState } from "./render-page.js";
export { LOGO_WIDTH, pagePhotoWidth } from "./photo-widths.js";

// Raised when the page's layout changes, so that pages cached before are made again.
const LAYOUT_VERSION = 3;
// Pages (and preview images) kept in memory; the oldest go first past this many.
const MAX_CACHED = 2_000;

export interface PublicPageDeps {
  db: Db;
  /** The bytes of one of this app's images, null for anything else (the images feature). */
  readImage: (url: string) => Promise<Buffer | null>;
  /** A token that moves whenever a listing, an agent or the brand may have changed; null while unknown. */
  freshness: () => string | null;
  /** Salts the daily visitor hashes (the session secret). */
  secret: string;
  logger?: Logger;
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

class Lru<V> {
  private readonly items = new Map<string, V>();
  get(key: string): V | undefined {
    const value = this.items.get(key);
    if (value !== undefined) {
      this.items.delete(key);
      this.items.set(key, value);
    }
    return value;
  }
  set(key: string, value: V): void {
    this.items.delete(key);
    this.items.set(key, value);
    if (this.items.size > MAX_CACHED) this.items.delete(this.items.keys().next().value!);
  }
}

export function createPublicPageService({ db, readImage, freshness, secret, logger }: PublicPageDeps) {
  const figures = new PageFigures(db, secret, logger);
  const loaded = new Lru<{ token: string; page: LoadedPage | PageAbsence }>();
  const rendered = new Lru<Buffer>();
  const images = new Lru<Buffer>();

  async function load(token: string, origin: string): Promise<LoadedPage | PageAbsence> {
    if (!TOKEN_PATTERN.test(token)) return "unknown";
    const publication: PublicationRow | undefined = await findPublicationByToken(db, token);
    if (!publication) return "unknown";
    const listing = await getListing(db, publication.listingId).catch(() => null);
    if (!listing) return "unknown";
    // Withdrawn or Expired: off the market, gone as an unpublished page is (shared/market-status.ts).
    if (!publication.published || !listing.isActive || marketStatus(listing).state === "offMarket") return "gone";
    const [brand, agent, photos] = await Promise.all([
      getVersionedBrand(db),
      listing.agentId ? findAgentById(db, listing.agentId) : undefined,
      confirmedPhotosForListing(db, listing.id),
    ]);
    const base = `${origin}/l/${token}`;
    const map = pageMap(listing);
    const contact = agent ? { name: agent.name, phone: agent.phone, email: agent.email } : null;
    const content = flyerContent(listing, contact, brand);
    const key = createHash("sha256")
      .update(JSON.stringify([LAYOUT_VERSION, origin, token, listing.version, publication.version, brand.version, agent?.id, agent?.version, photos.map((p) => [p.id, p.url, p.caption]), map?.version]))
      .digest("base64url")
      .slice(0, 32);
    const logoUrl = brand.logoUrl && imageKeyOf(brand.logoUrl) ? brand.logoUrl : null;
    const model: PageModel = {
      url: base,
      ogImageUrl: `${base}/og.jpg?v=${key.slice(0, 12)}`,
      siteName: brand.brokerageName || "Listing Desk",
      content,
      listing,
      publishedAt: publication.publishedAt,
      indexable: publication.indexable,
      photos: photos.map((p) => ({ id: p.id, alt: p.caption || content.name, width: p.width })),
      logoPath: logoUrl ? `/l/${token}/logo` : null,
      map,
      brand,
    };
    return { model, listingId: listing.id, listingName: listing.listingName, key, path: `/l/${token}`, photoUrls: new Map(photos.map((p) => [p.id, p.url])), logoUrl };
  }

  /** The page behind a token, from memory while nothing it shows may have changed. */
  async function page(token: string, origin: string): Promise<LoadedPage | PageAbsence> {
    const current = freshness();
    const slot = `${origin} ${token}`;
    const known = current === null ? undefined : loaded.get(slot);
    if (known && known.token === current) return known.page;
    const found = await load(token, origin);
    if (current !== null) loaded.set(slot, { token: current, page: found });
    return found;
  }

  /** The page's HTML: the plain page and its thank-you are cached by key (as bytes, ready to send), a form with errors never. */
  function html(found: LoadedPage, form: FormState = EMPTY_FORM): Buffer {
    const base = found.path;
    if (Object.keys(form.errors).length > 0) return Buffer.from(renderPage(found.model, base, form));
    const cacheKey = `${found.key}:${form.sent ? "sent" : "plain"}`;
    let out = rendered.get(cacheKey);
    if (out === undefined) {
      out = Buffer.from(renderPage(found.model, base, form.sent ? { ...EMPTY_FORM, sent: true } : EMPTY_FORM));
      rendered.set(cacheKey, out);
    }
    return out;
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

  /** The pages search engines may index, as absolute addresses. */
  async function indexablePages(origin: string): Promise<{ url: string; updatedAt: Date }[]> {
    const rows = await findIndexablePublications(db);
    const served = await Promise.all(rows.map(async (r) => ({ row: r, found: await page(r.token, origin) })));
    return served.filter(({ found }) => typeof found === "object").map(({ row }) => ({ url: `${origin}/l/${row.token}`, updatedAt: row.updatedAt }));
  }

  return {
    page,
    html,
    photoKey,
    logoKey,
    previewImage,
    mapImage,
    indexablePages,
    /** Counts a person's view or flyer download (bots are not counted). */
    count: (req: Request, found: LoadedPage, kind: "view" | "flyer") => figures.record(req, found.listingId, kind),
    marketing: (listingId: string) => marketingFigures(db, figures, listingId),
  };
}
export type PublicPageService = ReturnType<typeof createPublicPageService>;
