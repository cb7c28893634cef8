// The cheapest answer the server gives: a conditional GET of a versioned list
// whose tag still matches is answered 304 before Express itself (its router, then the request
// log, helmet, compression, the session store and passport), when who is asking is known from
// memory alone. Anything else, or any doubt, goes on to the normal path, which would answer
// the same: this only ever answers what the normal path would, just sooner.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Express, Request, Response } from "express";
import type { PublicUser } from "../../shared/schema.js";
import { notModified } from "./conditional.js";
import { VERSIONED_CACHE_CONTROL, versionTag, type VersionRule } from "./versioned-replies.js";

export interface EarlyRevalidation {
  /** The versioned lists, by exact path (any other spelling takes the normal path). */
  rules: ReadonlyMap<string, VersionRule>;
  /** The signed-in user, from a signed cookie and the in-memory session cache; null on any doubt. */
  whoIs(cookieHeader: string | undefined): PublicUser | null;
  /** The headers the normal path adds to every reply (the security headers), computed once. */
  headers: Readonly<Record<string, string>>;
}

/** Answers the request and returns true, or leaves it untouched and returns false. */
export type EarlyAnswer = (req: IncomingMessage, res: ServerResponse) => boolean;

export function earlyRevalidation({ rules, whoIs, headers }: EarlyRevalidation): EarlyAnswer {
  const fixed = Object.entries(headers).flat();
  return (req, res) => {
    if (req.headers["if-none-match"] === undefined || (req.method !== "GET" && req.method !== "HEAD")) return false;
    // Where Express's own test might decide otherwise (a date to compare as well), it decides.
    if (req.headers["if-modified-since"] !== undefined) return false;
    const url = req.url ?? "";
    const query = url.indexOf("?");
    const path = query < 0 ? url : url.slice(0, query);
    const rule = rules.get(path);
    if (!rule) return false;
    const user = whoIs(req.headers.cookie);
    if (!user) return false;
    const tag = versionTag(rule, user, path);
    if (!tag || !notModified(req.headers, tag.etag)) return false;
    res.writeHead(304, [...fixed, "Cache-Control", VERSIONED_CACHE_CONTROL, "ETag", tag.etag]);
    res.end();
    return true;
  };
}

/**
 * Puts `answers`, in order, in front of everything the app does with a request. Express calls
 * `app.handle` for every request, however the app is served (app.listen,
 * http.createServer(app), supertest).
 */
export function answerFirst(app: Express, ...answers: EarlyAnswer[]): void {
  const target = app as unknown as { handle(req: IncomingMessage, res: ServerResponse, next?: unknown): void };
  const handle = target.handle.bind(app);
  target.handle = (req, res, next) => {
    if (!answers.some((answer) => answer(req, res))) handle(req, res, next);
  };
}

/** What app.handle does to a request before its router runs: Express's methods on both, each knowing the other. */
export function asExpress(app: Express, req: IncomingMessage, res: ServerResponse): { request: Request; response: Response } {
  const request = Object.setPrototypeOf(req, app.request) as Request;
  const response = Object.setPrototypeOf(res, app.response) as Response;
  request.res = response;
  response.req = request;
  response.locals = Object.create(null) as Response["locals"];
  return { request, response };
}
