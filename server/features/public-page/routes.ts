// The outside-facing routes: the page at /l/<token>, its pictures,
// its flyer, its inquiry form, and /sitemap.xml and /robots.txt. Mounted before sessions: no
// cookie is read or set for a visitor, and a flood of visitors costs memory reads, not queries.
import express, { Router, type Request, type Response } from "express";
import { FLYER_REQUEST_MESSAGE, FLYER_REQUEST_ROLE, flyerRequestSchema, inquirySchema } from "../../../shared/leads.js";
import type { Db } from "../../db/database.js";
import { gzippedOnce } from "../../http/gzip-once.js";
import { escapeHtml } from "../../http/html-text.js";
import { notFound } from "../../http/http-error.js";
import { jsonBody } from "../../http/json-body.js";
import { requestOrigin, type TrustedOrigin } from "../../http/public-origin.js";
import { dbRateLimit } from "../../http/rate-limit.js";
import { unstorableInput } from "../../http/storable-input.js";
import type { FlyerService } from "../flyer/service.js";
import type { ImageService } from "../images/service.js";
import { recordInquiry } from "../leads/service.js";
import { EMPTY_FORM, LOGO_WIDTH, pagePhotoWidth, renderFlyerRequest, renderNotice, unknownPage, VIEWER_SCRIPT, VIEWER_SCRIPT_PATH, type FormState, type LoadedPage, type PageAbsence, type PublicPageService } from "./service.js";
import { sendStream } from "../../http/send-stream.js";

export interface PublicPageRouteDeps {
  db: Db;
  pages: PublicPageService;
  flyers: FlyerService;
  images: Pick<ImageService, "publicCopy" | "read">;
  /** Where the links the app sends point (an inquiry's alert), never the visitor's Host. */
  trustedOrigin: TrustedOrigin;
  sendsMail: boolean;
}

const GONE = renderNotice("This listing is no longer available", "This listing is no longer available. Its broker may have taken it off the market.");
const UNKNOWN = unknownPage();
const TOO_MANY = renderNotice("Please wait a moment", "You have sent several messages in the last minute. Please wait a minute and try again.");
// A visitor may keep a page briefly, but asks again before showing it: an unpublished page goes away at once.
const PAGE_CACHE = "public, no-cache";
// Pictures likewise: a shared cache asks before
// each reuse, so unpublishing or rotating takes them down at once; a browser's repeat view is a 304.
const IMAGE_CACHE = "public, no-cache";

/** 404 or 410 as a plain page (or JSON for a JSON request): the same for every unknown token. */
function absent(req: Request, res: Response, why: PageAbsence): void {
  const status = why === "gone" ? 410 : 404;
  res.setHeader("Cache-Control", "no-store");
  if (req.is("application/json")) {
    res.status(status).json({ message: why === "gone" ? "This listing is no longer available" : "Not found" });
    return;
  }
  res.status(status).type("html").send(why === "gone" ? GONE : UNKNOWN);
}

/**
 * The page (or its thank-you, or its form with errors) with its headers; a 304 to a visitor whose
 * copy is current. Shared by the route and by the answer from memory before Express
 * (early-page.ts), so both answer alike.
 */
export function replyWithPage(pages: PublicPageService, req: Request, res: Response, page: LoadedPage, form?: FormState, status = 200): void {
  const html = pages.html(page, form);
  const hasErrors = form !== undefined && Object.keys(form.errors).length > 0;
  res.setHeader("Cache-Control", hasErrors ? "no-store" : PAGE_CACHE);
  if (status === 200) {
    res.setHeader("ETag", `"page-${page.key}${form?.sent ? "-sent" : form?.roomSent ? "-room" : ""}"`);
    // Express's own test (the `fresh` module): lists of tags and weak tags match too.
    if (req.fresh) {
      res.status(304).end();
      return;
    }
  }
  res.status(status).setHeader("Content-Type", "text/html; charset=utf-8");
  let body = html;
  if (!hasErrors) {
    // What the compression middleware would do, done once per version rather than per request.
    res.setHeader("Vary", "Accept-Encoding");
    if (req.acceptsEncodings("gzip") === "gzip") {
      // Pages made without a form's errors: gzipped once per version (while their bytes are cached).
      body = gzippedOnce(html);
      res.setHeader("Content-Encoding", "gzip");
    }
  }
  res.setHeader("Content-Length", String(body.length));
  res.end(body);
}

/** The preview image, or a 304 (Express's send) to a visitor whose copy is current. */
export function replyWithPreview(res: Response, page: LoadedPage, jpeg: Buffer): void {
  res.setHeader("Cache-Control", IMAGE_CACHE);
  res.setHeader("ETag", `"og-${page.key}"`);
  res.type("image/jpeg").send(jpeg);
}

const urlencoded = express.urlencoded({ extended: false, limit: "64kb", parameterLimit: 20 });

export function publicPageRoutes(deps: PublicPageRouteDeps): Router {
  const { pages, trustedOrigin } = deps;
  const router = Router();
  // robots.txt and the sitemap need absolute addresses: the trusted origin's, else the request's
  // own (answered to that request alone, never kept or sent on).
  const origin = async (req: Request) => (await trustedOrigin()) ?? requestOrigin(req);

  /** The page behind the request's token, or the 404/410 already sent. */
  async function found(req: Request, res: Response): Promise<LoadedPage | null> {
    const page = await pages.page(String(req.params.token));
    if (typeof page === "string") {
      absent(req, res, page);
      return null;
    }
    return page;
  }

  const sendPage = (req: Request, res: Response, page: LoadedPage, form?: FormState, status = 200) => replyWithPage(pages, req, res, page, form, status);

  router.get("/l/:token", async (req, res) => {
    const page = await found(req, res);
    if (!page) return;
    pages.count(req, page, "view");
    const form = req.query.sent === "1" ? { values: {}, errors: {}, sent: true } : req.query.room === "sent" ? { values: {}, errors: {}, sent: false, roomSent: true } : undefined;
    sendPage(req, res, page, form);
  });

  router.get("/l/:token/og.jpg", async (req, res) => {
    const page = await found(req, res);
    if (!page) return;
    replyWithPreview(res, page, await pages.previewImage(page));
  });

  // Cached like og.jpg: made once per place by the maps feature, its URL names the place.
  router.get("/l/:token/map.png", async (req, res) => {
    const page = await found(req, res);
    if (!page) return;
    const png = await pages.mapImage(page);
    res.setHeader("Cache-Control", IMAGE_CACHE);
    res.setHeader("ETag", `"map-${page.model.map!.version}"`);
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.type("image/png").send(png);
  });

  /**
   * One of the page's images: always the images feature's re-encoded copy (no EXIF, GPS or other
   * metadata), made once and kept; never the original, which only signed-in members get.
   */
  async function sendCopy(req: Request, res: Response, key: string, width: number) {
    const image = await deps.images.publicCopy(key, width);
    res.setHeader("Cache-Control", IMAGE_CACHE);
    res.setHeader("ETag", image.etag);
    // A cache that holds these bytes is answered before they are opened.
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    const body = await deps.images.read(image.name);
    if (!body) throw notFound("Photo not found");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Content-Type", image.contentType);
    res.setHeader("Content-Length", String(image.size));
    await sendStream(body, res);
  }

  // The photo viewer: every confirmed photo, one to a screen; 404 for a page without photos.
  router.get("/l/:token/photos", async (req, res) => {
    const page = await found(req, res);
    if (!page) return;
    const html = pages.photosHtml(page);
    if (!html) throw notFound("No photos");
    res.setHeader("Cache-Control", PAGE_CACHE);
    res.setHeader("ETag", `"photos-${page.key}"`);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    res.type("html").send(html);
  });

  // The viewer's script: its address names its content, so it never changes under a browser's copy.
  router.get(VIEWER_SCRIPT_PATH, (_req, res) => {
    res.setHeader("Cache-Control", "public, max-age=31536000, immutable");
    res.type("text/javascript").send(VIEWER_SCRIPT);
  });

  // Only the widths the page's srcset names; without ?w= the largest copy.
  router.get("/l/:token/photos/:photoId", async (req, res) => {
    const page = await found(req, res);
    if (!page) return;
    const width = pagePhotoWidth(req.query.w);
    if (width === null) throw notFound("Photo not found");
    await sendCopy(req, res, pages.photoKey(page, Number(req.params.photoId)), width);
  });

  router.get("/l/:token/logo", async (req, res) => {
    const page = await found(req, res);
    if (!page) return;
    await sendCopy(req, res, pages.logoKey(page), LOGO_WIDTH);
  });

  router.get("/l/:token/flyer.pdf", async (req, res) => {
    const page = await found(req, res);
    if (!page) return;
    // Asked for a name and an email first: without this visitor's ticket, the short form.
    if (!pages.flyerOpen(page, req.query.t)) return res.redirect(303, `${page.path}/flyer`);
    // The flyer's own cache and render limits; user 0 is nobody, whose writes are always settled.
    const flyer = await deps.flyers.flyer(page.listingId, "letter", req.get("if-none-match"), 0);
    pages.count(req, page, "flyer");
    res.setHeader("Cache-Control", PAGE_CACHE);
    res.setHeader("ETag", flyer.etag);
    if (!flyer.pdf) {
      res.status(304).end();
      return;
    }
    res.setHeader("Content-Type", "application/pdf");
    res.setHeader("Content-Disposition", 'attachment; filename="listing-flyer.pdf"');
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.end(flyer.pdf);
  });

  const isForm = (req: Request) => !req.is("application/json");
  const inquiryLimit = dbRateLimit(deps.db, {
    name: "inquiries",
    limit: 5,
    windowMs: 60_000,
    message: "You have sent several messages in the last minute. Please wait a minute and try again.",
    reply: (req, res) => {
      if (isForm(req)) res.status(429).type("html").send(TOO_MANY);
      else res.status(429).json({ message: "You have sent several messages in the last minute. Please wait a minute and try again." });
    },
  });

  // Refused before a byte of the body is read: past the rate limit, or for a token with no page
  // (from memory). Only then is the body parsed, a stranger's capped small (server/http/json-body.ts).
  const knownPage = async (req: Request, res: Response, next: () => void) => {
    const page = await found(req, res);
    if (!page) return;
    res.locals.page = page;
    next();
  };

  router.post("/l/:token/inquiries", inquiryLimit, knownPage, urlencoded, jsonBody, async (req, res) => {
    const problem = unstorableInput(req);
    if (problem) throw problem;
    const page = res.locals.page as LoadedPage;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const thanks = () => (isForm(req) ? res.redirect(303, `${page.path}?sent=1#inquire`) : res.status(201).json({ ok: true }));
    // The honeypot: a person never fills it; a bot that does is thanked and forgotten.
    if (typeof body.website === "string" && body.website.trim() !== "") return thanks();
    const parsed = inquirySchema.safeParse(body);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "body")] ??= issue.message;
      if (!isForm(req)) return res.status(400).json({ message: Object.values(errors).join("; "), errors });
      const values = Object.fromEntries(Object.entries(body).filter(([k, v]) => typeof v === "string" && k !== "website")) as Record<string, string>;
      return sendPage(req, res, page, { values, errors, sent: false }, 400);
    }
    await recordInquiry(deps.db, { id: page.listingId, listingName: page.listingName }, parsed.data, { sendsMail: deps.sendsMail, origin: await trustedOrigin() }, page.model.content.market.inquiry ?? "listing");
    thanks();
  });

  // The short form before a gated flyer: a name and an email, recorded as a lead asking for the
  // flyer; then the thank-you, whose ticket opens flyer.pdf for an hour. An ungated page's flyer
  // needs none of it.
  const sendFlyerRequest = (res: Response, page: LoadedPage, form: FormState, download: string | null, status = 200) => {
    res.setHeader("Cache-Control", "no-store");
    res.status(status).type("html").send(renderFlyerRequest(page.model, page.path, form, download));
  };

  router.get("/l/:token/flyer", async (req, res) => {
    const page = await found(req, res);
    if (!page) return;
    if (!page.model.flyerGate) return res.redirect(303, `${page.path}/flyer.pdf`);
    const ticket = typeof req.query.t === "string" && pages.flyerOpen(page, req.query.t) ? req.query.t : null;
    sendFlyerRequest(res, page, EMPTY_FORM, ticket && `${page.path}/flyer.pdf?t=${encodeURIComponent(ticket)}`);
  });

  router.post("/l/:token/flyer", inquiryLimit, knownPage, urlencoded, jsonBody, async (req, res) => {
    const problem = unstorableInput(req);
    if (problem) throw problem;
    const page = res.locals.page as LoadedPage;
    if (!page.model.flyerGate) return res.redirect(303, `${page.path}/flyer.pdf`);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const thanks = () => res.redirect(303, `${page.path}/flyer?t=${encodeURIComponent(pages.flyerTicket(page))}`);
    if (typeof body.website === "string" && body.website.trim() !== "") return thanks();
    const parsed = flyerRequestSchema.safeParse(body);
    if (!parsed.success) {
      const errors: Record<string, string> = {};
      for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "body")] ??= issue.message;
      const values = Object.fromEntries(["name", "email"].filter((k) => typeof body[k] === "string").map((k) => [k, body[k] as string]));
      return sendFlyerRequest(res, page, { values, errors, sent: false }, null, 400);
    }
    const input = { ...parsed.data, phone: null, company: null, role: FLYER_REQUEST_ROLE, message: FLYER_REQUEST_MESSAGE, exchange1031: false };
    await recordInquiry(deps.db, { id: page.listingId, listingName: page.listingName }, input, { sendsMail: deps.sendsMail, origin: await trustedOrigin() }, "flyer");
    thanks();
  });

  router.get("/robots.txt", async (req, res) => {
    res.type("text/plain").send(`User-agent: *\nAllow: /l/\nDisallow: /api/\nSitemap: ${await origin(req)}/sitemap.xml\n`);
  });

  router.get("/sitemap.xml", async (req, res) => {
    const listed = await pages.indexablePages(await origin(req));
    const urls = listed.map((p) => `<url><loc>${escapeHtml(p.url)}</loc><lastmod>${p.updatedAt.toISOString()}</lastmod></url>`).join("");
    res.setHeader("Cache-Control", "public, max-age=300");
    res.type("application/xml").send(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`);
  });

  return router;
}
