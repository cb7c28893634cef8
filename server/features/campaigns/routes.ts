import { createHash, timingSafeEqual } from "node:crypto";
import express, { Router, type Request, type RequestHandler, type Response } from "express";
import type { Logger } from "../../logger.js";
import { campaignCreateSchema, campaignPatchSchema, campaignPreviewSchema, campaignSendSchema, campaignTestSchema, type UnsubscribeScope } from "../../../shared/campaigns.js";
import type { Db } from "../../db/database.js";
import { escapeHtml as h } from "../../http/html-text.js";
import { currentUser, requireUser } from "../../http/guards.js";
import { idParam } from "../../http/id-param.js";
import { dbRateLimit } from "../../http/rate-limit.js";
import { unstorableInput } from "../../http/storable-input.js";
import { parse } from "../../http/validate.js";
import * as campaigns from "./service.js";

const campaignId = (req: Request) => idParam(req.params.id, "Campaign");

// Drafts are the team's to read; who may change and send them is the service's rule
// (docs/guides/campaigns.md).
export function campaignsRoutes(db: Db, config: campaigns.CampaignConfig & { mailFrom: string }): Router {
  const router = Router();

  router.get("/api/campaigns", requireUser, async (_req, res) => {
    res.json(await campaigns.listCampaigns(db));
  });

  router.post("/api/campaigns", requireUser, async (req, res) => {
    res.status(201).json(await campaigns.createCampaign(db, config, parse(campaignCreateSchema, req.body), currentUser(req)));
  });

  router.get("/api/campaigns/:id", requireUser, async (req, res) => {
    res.json(await campaigns.getCampaign(db, campaignId(req)));
  });

  router.patch("/api/campaigns/:id", requireUser, async (req, res) => {
    const id = campaignId(req);
    res.json(await campaigns.patchCampaign(db, config, id, parse(campaignPatchSchema, req.body), currentUser(req)));
  });

  // A POST only because the unsaved body can be long; it changes nothing.
  router.post("/api/campaigns/:id/preview", requireUser, async (req, res) => {
    const id = campaignId(req);
    res.json(await campaigns.previewCampaign(db, config, id, parse(campaignPreviewSchema, req.body)));
  });

  router.post("/api/campaigns/:id/test", requireUser, async (req, res) => {
    const id = campaignId(req);
    const { email } = parse(campaignTestSchema, req.body);
    await campaigns.sendTest(db, config, id, email, currentUser(req));
    res.status(202).json({ queued: true, email });
  });

  router.post("/api/campaigns/:id/send", requireUser, async (req, res) => {
    const id = campaignId(req);
    const { at } = parse(campaignSendSchema, req.body);
    res.status(202).json(await campaigns.sendCampaign(db, config, id, at === undefined ? undefined : new Date(at), currentUser(req)));
  });

  router.post("/api/campaigns/:id/pause", requireUser, async (req, res) => {
    res.json(await campaigns.pauseCampaign(db, campaignId(req), currentUser(req)));
  });
  router.post("/api/campaigns/:id/resume", requireUser, async (req, res) => {
    res.json(await campaigns.resumeCampaign(db, campaignId(req), currentUser(req)));
  });
  router.post("/api/campaigns/:id/cancel", requireUser, async (req, res) => {
    res.json(await campaigns.cancelCampaign(db, campaignId(req), currentUser(req)));
  });

  return router;
}

// ── The recipient's door: /u/<token>, outside /api, before sessions and the same-origin rule ──

const urlencoded = express.urlencoded({ extended: false, limit: "4kb", parameterLimit: 5 });

const COLOR = /^#[0-9a-fA-F]{6}$/;

/** A small page in the brand's name and colour, like the other public pages; noindex, never cached. */
function page(title: string, inner: string, brand?: campaigns.UnsubscribeView["brand"]): string {
  const accent = brand && COLOR.test(brand.accentColor) ? brand.accentColor : "#1f2937";
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${h(title)}</title><meta name="robots" content="noindex"><meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:560px;margin:48px auto;padding:0 16px;color:#1f2937}header{border-bottom:3px solid ${accent};padding-bottom:8px;margin-bottom:24px;font-weight:700}
fieldset{border:0;padding:0;margin:16px 0}label{display:block;margin:8px 0}button{background:${accent};color:#fff;border:0;border-radius:4px;padding:10px 18px;font:inherit;font-weight:600;cursor:pointer}footer{margin-top:32px;font-size:13px;color:#6b7280}</style></head>
<body>${brand?.brokerageName ? `<header>${h(brand.brokerageName)}</header>` : ""}<main><h1>${h(title)}</h1>${inner}</main>${brand?.address ? `<footer>${h(brand.address)}</footer>` : ""}</body></html>`;
}

const NOT_FOUND_PAGE = page("Link not found", "<p>This unsubscribe link is not one we sent, or it was cut short. Copy the whole link from the email and try again.</p>");

function sendPage(res: Response, status: number, html: string) {
  res.status(status).setHeader("Cache-Control", "no-store").type("html").send(html);
}

function choicePage(view: campaigns.UnsubscribeView, token: string): string {
  const choice = view.listingName
    ? `<fieldset><legend>What should stop?</legend>
<label><input type="radio" name="scope" value="listing"> Email about ${h(view.listingName)} only</label>
<label><input type="radio" name="scope" value="all" checked> All email from ${h(view.brand.brokerageName || "us")}</label></fieldset>`
    : `<input type="hidden" name="scope" value="all">`;
  const already = view.unsubscribed ? `<p>${h(view.email)} is already unsubscribed from all our email.</p>` : `<p>Stop email to ${h(view.email)}?</p>`;
  return page("Unsubscribe", `${already}<form method="post" action="/u/${h(token)}">${choice}<button type="submit">Unsubscribe</button></form>`, view.brand);
}

export function unsubscribeRoutes(db: Db, secret: string): Router {
  const router = Router();
  // Anonymous, like the inquiry form: a flood of guesses is slowed, and no guess is worth much.
  const limit = dbRateLimit(db, {
    name: "unsubscribe",
    limit: 30,
    windowMs: 60_000,
    message: "Too many requests in the last minute. Please wait a minute and try again.",
    reply: (_req, res) => sendPage(res, 429, page("Please wait a moment", "<p>Too many requests in the last minute. Please wait a minute and try again.</p>")),
  });

  // Never unsubscribes: scanners and previews open links (docs/guides/campaigns.md).
  router.get("/u/:token", limit, async (req, res) => {
    const token = String(req.params.token);
    const view = await campaigns.unsubscribeView(db, secret, token);
    if (!view) return sendPage(res, 404, NOT_FOUND_PAGE);
    sendPage(res, 200, choicePage(view, token));
  });

  // The page's button (scope=listing|all) or a mail client's one-click (List-Unsubscribe=One-Click).
  router.post("/u/:token", limit, urlencoded, async (req, res) => {
    const token = String(req.params.token);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const scope = body.scope === undefined ? "all" : body.scope;
    if (scope !== "all" && scope !== "listing") return sendPage(res, 400, page("Choose what to stop", "<p>Choose this listing's email or all email, and press Unsubscribe again.</p>"));
    const how = body["List-Unsubscribe"] === "One-Click" ? "one-click" : "page";
    const done = await campaigns.unsubscribe(db, secret, token, scope as UnsubscribeScope, how);
    if (!done) return sendPage(res, 404, NOT_FOUND_PAGE);
    const view = await campaigns.unsubscribeView(db, secret, token);
    const what = done.scope === "listing" && view?.listingName ? `email about ${h(view.listingName)}` : "our email";
    sendPage(res, 200, page("You are unsubscribed", `<p>${view ? h(view.email) : "This address"} will get no more of ${what}. It took effect at once.</p>`, view?.brand));
  });

  return router;
}

// ── The click door, /c/<token>, and the open pixel, /o/<token>: like /u/ before sessions (a mail
// client has no cookie of ours) ──

/** A transparent 1×1 GIF: the open pixel's picture. */
const PIXEL = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

export function clickRoutes(db: Db, secret: string): Router {
  const router = Router();
  // Generous: a gateway behind one address may follow every link of every message it scans.
  const limit = dbRateLimit(db, {
    name: "campaign-click",
    limit: 300,
    windowMs: 60_000,
    message: "Too many requests in the last minute. Please wait a minute and try again.",
    reply: (_req, res) => sendPage(res, 429, page("Please wait a moment", "<p>Too many requests in the last minute. Please wait a minute and try again.</p>")),
  });
  router.get("/c/:token", limit, async (req, res) => {
    const target = await campaigns.followClick(db, secret, String(req.params.token), { userAgent: req.get("user-agent"), head: req.method === "HEAD" });
    if (!target) return sendPage(res, 404, page("Link not found", "<p>This link is not one we sent, or it was cut short. Copy the whole link from the email and try again.</p>"));
    res.setHeader("Cache-Control", "no-store");
    res.setHeader("Referrer-Policy", "no-referrer");
    res.redirect(302, target);
  });
  router.get("/o/:token", limit, async (req, res) => {
    if (!(await campaigns.recordOpen(db, secret, String(req.params.token), req.method === "HEAD"))) return res.status(404).end();
    // Every load must reach us to be counted at all; none is shared.
    res.setHeader("Cache-Control", "no-store, private");
    res.type("gif").send(PIXEL);
  });
  return router;
}

// ── The mail provider's webhook: bounces and complaints, guarded by EMAIL_WEBHOOK_SECRET ──────

/** The secret a request presents: Bearer, Basic's password (SNS and Postmark put it in the URL), or X-Webhook-Secret. */
function presentedSecret(req: Request): string | null {
  const auth = req.get("authorization") ?? "";
  const bearer = /^Bearer\s+(.+)$/i.exec(auth)?.[1];
  if (bearer) return bearer.trim();
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(auth)?.[1];
  if (basic) {
    const decoded = Buffer.from(basic, "base64").toString("utf8");
    const colon = decoded.indexOf(":");
    return colon >= 0 ? decoded.slice(colon + 1) : decoded;
  }
  return req.get("x-webhook-secret") ?? null;
}

/** Constant-time: both sides hashed to the same length first, so neither length nor prefix leaks. */
const digest = (v: string) => createHash("sha256").update(v).digest();
const sameSecret = (given: string, secret: string) => timingSafeEqual(digest(given), digest(secret));

const jsonOrNothing = (raw: string): unknown => {
  try {
    return JSON.parse(raw);
  } catch {
    return undefined;
  }
};

export function emailEventsRoutes(db: Db, opts: { secret: string | undefined; logger: Logger }): Router {
  const router = Router();
  const limit = dbRateLimit(db, { name: "email-webhook", limit: 600, windowMs: 60_000, message: "Too many requests in the last minute. Please wait a minute and try again." });
  // Wrong secrets are guesses: few are allowed.
  const guesses = dbRateLimit(db, { name: "email-webhook-refused", limit: 20, windowMs: 60_000, failuresOnly: true, message: "Too many refused requests in the last minute. Please wait a minute and try again." });
  // SNS posts JSON as text/plain: the body is read as text whatever its type, and parsed here.
  const body = express.text({ type: () => true, limit: "256kb" });
  // Like every JSON body (http/json-body.ts), read and checked before anything else: text the
  // database cannot store goes no further, not even into the rate limits' counters.
  const readBody: RequestHandler = (req, res, next) =>
    body(req, res, (err?: unknown) => {
      if (err) return next(err);
      res.locals.raw = typeof req.body === "string" ? req.body : "";
      req.body = jsonOrNothing(res.locals.raw as string);
      next(unstorableInput(req));
    });
  router.post("/api/webhooks/email-events", readBody, limit, guesses, async (req, res) => {
    const raw = res.locals.raw as string;
    // Off unless the operator set a secret: an open door would let anyone suppress contacts.
    if (!opts.secret) return res.status(404).json({ message: "Not found" });
    const given = presentedSecret(req);
    if (given === null) return res.status(401).json({ message: "Send the webhook secret (Authorization: Bearer <EMAIL_WEBHOOK_SECRET>)." });
    if (!sameSecret(given, opts.secret)) return res.status(403).json({ message: "The webhook secret is wrong." });
    const parsed = campaigns.parseEmailEvents(raw);
    if ("subscribeUrl" in parsed) {
      // Never fetched (a URL from a body is a request forgery waiting to happen): the operator confirms it once.
      opts.logger.warn({ topicArn: parsed.topicArn, subscribeUrl: parsed.subscribeUrl }, "email webhook: SNS asks to confirm a subscription; open the SubscribeURL (or confirm it in the AWS console) to start receiving bounces");
      return res.status(200).json({ received: 0, subscription: "confirm it by hand: the SubscribeURL is in the server log" });
    }
    await campaigns.applyEmailEvents(db, parsed.events);
    res.status(200).json({ received: parsed.events.length });
  });
  return router;
}
