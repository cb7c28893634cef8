// The buyer's doors, outside /api and before sessions (no cookie is read or set): the request from
// the public page, the signing link, and the room link. Every one is rate-limited per address,
// and every unknown, used, run-out or closed token gets the same 404 as any unknown page.
import express, { Router, type Request, type Response } from "express";
import { roomRequestSchema, signSchema } from "../../../shared/deal-room.js";
import type { Db } from "../../db/database.js";
import { gzippedOnce } from "../../http/gzip-once.js";
import { escapeHtml as h } from "../../http/html-text.js";
import { jsonBody } from "../../http/json-body.js";
import type { TrustedOrigin } from "../../http/public-origin.js";
import { dbRateLimit } from "../../http/rate-limit.js";
import { unstorableInput } from "../../http/storable-input.js";
import { renderNotice, unknownPage, type LoadedPage, type PublicPageService } from "../public-page/service.js";
import type { RoomMemory } from "./room-memory.js";
import { accessEndedPage, createBuyerRoom, pagesProblemPage, pagesViewerPage, requestAccess, roomAccess, roomPage, sign, signedPage, signingPage, signPage, type RoomFiles } from "./service.js";
import { hashToken } from "./tokens.js";
import { sendStream } from "../../http/send-stream.js";

export interface DealRoomPublicDeps {
  db: Db;
  pages: PublicPageService;
  trustedOrigin: TrustedOrigin;
  sendsMail: boolean;
  /** The documents feature's files, read for the buyer's room. */
  files: RoomFiles;
  /** Bytes of stamped PDFs kept in memory (default: the room's own budget). */
  stampedCacheBytes?: number;
  /** Room pages and their tokens kept in memory, shared with the answer before Express (early-room.ts). */
  memory: RoomMemory;
}

/** Requests per address and per email address in an hour. */
export const ROOM_REQUESTS_PER_HOUR = 5;
const HOUR_MS = 3_600_000;
const TOO_MANY_REQUESTS = "You have asked for these documents several times in the last hour. Please check your email, or try again later.";
const TOO_MANY_VISITS = "Too many requests from your address. Please wait a minute and try again.";

const urlencoded = express.urlencoded({ extended: false, limit: "16kb", parameterLimit: 10 });
const isForm = (req: Request) => !req.is("application/json");

const buyerHeaders = (res: Response) => {
  res.setHeader("Cache-Control", "no-store");
  // The token is in the address: no page a buyer goes on to learns it.
  res.setHeader("Referrer-Policy", "no-referrer");
};

function sendHtml(res: Response, status: number, html: string): void {
  buyerHeaders(res);
  res.status(status).type("html").send(html);
}

/**
 * The room page, gzipped once where the buyer takes gzip. Shared by the route and by the answer
 * from memory before Express (early-room.ts), so both answer alike.
 */
export function replyWithRoom(req: Request, res: Response, html: Buffer): void {
  buyerHeaders(res);
  res.status(200).setHeader("Content-Type", "text/html; charset=utf-8");
  res.setHeader("Vary", "Accept-Encoding");
  let body = html;
  if (req.acceptsEncodings("gzip") === "gzip") {
    body = gzippedOnce(html);
    res.setHeader("Content-Encoding", "gzip");
  }
  res.setHeader("Content-Length", String(body.length));
  res.end(body);
}

function unknown(req: Request, res: Response): void {
  if (req.is("application/json")) {
    res.setHeader("Cache-Control", "no-store");
    res.status(404).json({ message: "Not found" });
    return;
  }
  sendHtml(res, 404, unknownPage());
}

/** A file name safe in a Content-Disposition header, with the full name for browsers that read filename*. */
const disposition = (kind: "inline" | "attachment", fileName: string) =>
  `${kind}; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/** A path's number from 1 (an id or a page), else null. */
const positive = (value: unknown) => (/^[1-9]\d{0,9}$/.test(String(value)) ? Number(value) : null);

/** Field → first message, from a zod error. */
const fieldErrors = (issues: { path: PropertyKey[]; message: string }[]) => {
  const errors: Record<string, string> = {};
  for (const issue of issues) errors[String(issue.path[0] ?? "body")] ??= issue.message;
  return errors;
};

export function dealRoomPublicRoutes(deps: DealRoomPublicDeps): Router {
  const { db, pages, memory } = deps;
  const router = Router();
  const alerts = async () => ({ sendsMail: deps.sendsMail, origin: await deps.trustedOrigin() });
  const tooMany = (message: string) => (req: Request, res: Response) => {
    if (isForm(req)) sendHtml(res, 429, renderNotice("Please wait", message));
    else res.status(429).json({ message });
  };

  const requestsPerAddress = dbRateLimit(db, { name: "room-requests", limit: ROOM_REQUESTS_PER_HOUR, windowMs: HOUR_MS, message: TOO_MANY_REQUESTS, reply: tooMany(TOO_MANY_REQUESTS) });
  // Counted per email too, so nobody can fill someone's inbox from many addresses.
  const requestsPerEmail = dbRateLimit(db, {
    name: "room-requests-email",
    limit: ROOM_REQUESTS_PER_HOUR,
    windowMs: HOUR_MS,
    message: TOO_MANY_REQUESTS,
    key: (req) => {
      const email = (req.body as Record<string, unknown> | undefined)?.email;
      return typeof email === "string" && email.trim() !== "" ? email.trim().toLowerCase() : `address:${req.ip ?? ""}`;
    },
    reply: tooMany(TOO_MANY_REQUESTS),
  });
  // The signing and room links: generous for a person, a wall for a guesser.
  const visits = dbRateLimit(db, { name: "room-visits", limit: 60, windowMs: 60_000, message: TOO_MANY_VISITS, reply: tooMany(TOO_MANY_VISITS) });

  const knownPage = async (req: Request, res: Response, next: () => void) => {
    const page = await pages.page(String(req.params.token));
    if (typeof page === "string") return unknown(req, res);
    res.locals.page = page;
    next();
  };

  router.post("/l/:token/room/requests", requestsPerAddress, knownPage, urlencoded, jsonBody, requestsPerEmail, async (req, res) => {
    const problem = unstorableInput(req);
    if (problem) throw problem;
    const page = res.locals.page as LoadedPage;
    const body = (req.body ?? {}) as Record<string, unknown>;
    const thanks = () => (isForm(req) ? res.redirect(303, `${page.path}?room=sent#room`) : res.status(201).json({ ok: true }));
    // The honeypot, as on the inquiry form: a bot that fills it is thanked and forgotten.
    if (typeof body.website === "string" && body.website.trim() !== "") return thanks();
    const parsed = roomRequestSchema.safeParse(body);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error.issues);
      if (!isForm(req)) return res.status(400).json({ message: Object.values(errors).join("; "), errors });
      const list = Object.values(errors)
        .map((e) => `<li>${h(e)}</li>`)
        .join("");
      return sendHtml(res, 400, renderNotice("Please check the form", `${Object.values(errors).join(". ")}. Go back to the listing's page and try again.`).replace("</main>", `<ul>${list}</ul><p><a href="${h(page.path)}#room">Back to the listing</a></p></main>`));
    }
    const taken = await requestAccess(db, { id: page.listingId, listingName: page.listingName }, parsed.data, await alerts());
    if (!taken) return unknown(req, res);
    thanks();
  });

  router.get("/r/sign/:token", visits, async (req, res) => {
    const shown = await signingPage(db, req.params.token);
    if (!shown) return unknown(req, res);
    sendHtml(res, 200, signPage(shown, `/r/sign/${String(req.params.token)}`));
  });

  router.post("/r/sign/:token", visits, urlencoded, jsonBody, async (req, res) => {
    const problem = unstorableInput(req);
    if (problem) throw problem;
    const token = req.params.token;
    const shown = await signingPage(db, token);
    if (!shown) return unknown(req, res);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const parsed = signSchema.safeParse(body);
    if (!parsed.success) {
      const errors = fieldErrors(parsed.error.issues);
      if (!isForm(req)) return res.status(400).json({ message: Object.values(errors).join("; "), errors });
      return sendHtml(res, 400, signPage(shown, `/r/sign/${String(token)}`, errors, typeof body.signedName === "string" ? body.signedName : ""));
    }
    const signed = await sign(db, token, { signedName: parsed.data.signedName, ip: req.ip ?? null, userAgent: req.get("user-agent")?.slice(0, 500) ?? null }, await alerts());
    if (!signed) return unknown(req, res);
    if (isForm(req)) return res.redirect(303, `/r/signed?status=${signed.status}`);
    res.status(201).json({ status: signed.status });
  });

  router.get("/r/signed", (req, res) => {
    sendHtml(res, 200, signedPage(req.query.status === "active" ? "active" : "pending"));
  });

  const room = createBuyerRoom(db, deps.files, alerts, deps.stampedCacheBytes);
  // In the room only a token that opens nothing counts against the address: a buyer going through
  // fifty documents is not a guesser, and a good link costs no counter write.
  const refuse = (req: Request, res: Response, answer: () => void) => void visits(req, res, answer);

  // Each file reads the grant from the database on every request; the room page does too unless
  // memory answers for it under the current version (room-memory.ts): either way a revocation,
  // an expiry or a closed deal holds on the very next request.
  router.get("/r/:token", async (req, res) => {
    // Read before the grant and the documents: a change meanwhile moves it on, and the next request reads again.
    const version = memory.version();
    const token = String(req.params.token);
    const access = await roomAccess(db, token);
    if (access.state === "unknown") return refuse(req, res, () => unknown(req, res));
    if (access.state === "ended") return refuse(req, res, () => sendHtml(res, 403, accessEndedPage(access.contact)));
    const { grant } = access;
    let html = version === null ? undefined : memory.page(grant.id, version);
    if (!html) {
      const documents = await room.documentsOf(grant);
      html = Buffer.from(roomPage(access.listingName, grant.expiresAt, documents, `/r/${token}`));
    }
    if (version !== null) memory.keep(hashToken(token), version, grant, html);
    replyWithRoom(req, res, html);
  });

  // Express answers HEAD with the GET route: a link checker's HEAD would be logged as a view.
  router.head("/r/:token/documents/:docId", (_req, res) => {
    res.setHeader("Allow", "GET");
    res.setHeader("Cache-Control", "no-store");
    res.status(405).end();
  });

  router.get("/r/:token/documents/:docId", async (req, res) => {
    const access = await roomAccess(db, req.params.token);
    if (access.state === "unknown") return refuse(req, res, () => unknown(req, res));
    if (access.state === "ended") return refuse(req, res, () => sendHtml(res, 403, accessEndedPage(access.contact)));
    const docId = positive(req.params.docId);
    const client = { ip: req.ip ?? null, userAgent: req.get("user-agent")?.slice(0, 500) ?? null };
    const roomPath = `/r/${String(req.params.token)}`;
    if (docId !== null && req.query.download !== "1") {
      const shown = await room.viewPages(access.grant, access.listingName, docId, client);
      if (shown && "problem" in shown) return sendHtml(res, 422, pagesProblemPage(shown.doc.title, shown.problem, roomPath));
      if (shown) {
        res.setHeader("X-Robots-Tag", "noindex");
        return sendHtml(res, 200, pagesViewerPage(access.listingName, shown.doc.title, shown.sizes, `${roomPath}/documents/${docId}`, roomPath));
      }
    }
    const opened = docId === null ? null : await room.open(access.grant, access.listingName, docId, req.query.download === "1" ? "download" : "view", client);
    // A document the grant does not reach is as unknown as a wrong token.
    if (!opened) return refuse(req, res, () => unknown(req, res));
    res.set({
      // Never kept by a browser or a proxy: the next request asks the grant again.
      "Cache-Control": "private, no-store",
      "Content-Type": opened.contentType,
      "Content-Length": String(opened.size),
      "Content-Disposition": disposition(opened.inline ? "inline" : "attachment", opened.fileName),
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex",
      "Referrer-Policy": "no-referrer",
    });
    if (Buffer.isBuffer(opened.body)) {
      res.end(opened.body);
      return;
    }
    await sendStream(opened.body, res);
  });

  // A page image of a view-only PDF: the grant is read first on every request, like every file.
  router.get("/r/:token/documents/:docId/pages/:n", async (req, res) => {
    const access = await roomAccess(db, req.params.token);
    if (access.state === "unknown") return refuse(req, res, () => unknown(req, res));
    if (access.state === "ended") return refuse(req, res, () => sendHtml(res, 403, accessEndedPage(access.contact)));
    const docId = positive(req.params.docId);
    const n = positive(req.params.n);
    const drawn = docId === null || n === null ? null : await room.pageImage(access.grant, access.listingName, docId, n);
    if (!drawn) return refuse(req, res, () => unknown(req, res));
    if ("problem" in drawn) {
      buyerHeaders(res);
      return res.status(422).type("text/plain").send(drawn.problem);
    }
    res.set({
      "Cache-Control": "private, no-store",
      "Content-Type": "image/webp",
      "Content-Length": String(drawn.image.length),
      "X-Content-Type-Options": "nosniff",
      "X-Robots-Tag": "noindex",
      "Referrer-Policy": "no-referrer",
    });
    res.end(drawn.image);
  });

  return router;
}
