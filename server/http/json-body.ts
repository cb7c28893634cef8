import express, { type Request, type RequestHandler } from "express";
import { verifyJsonShape } from "./input-shape.js";
import { unstorableInput } from "./storable-input.js";

const DEFAULT_LIMIT = "1mb";

/**
 * JSON bodies are capped at 1 MB; a route that needs more names its own cap here, so the cap is
 * decided before any of the body is read.
 */
const LARGER_LIMITS: Record<string, string> = {
  // A CSV file of up to 25 MB (shared/csv-columns.ts), plus what JSON escaping adds.
  "/api/listings/import": "32mb",
  // The import wizard's file: up to 60 MB of text or base64 (shared/imports/wire.ts IMPORT_LIMITS).
  "/api/imports/preview": "64mb",
  // Up to 100,000 listing ids.
  "/api/listings/export": "5mb",
  "/api/listings/bulk": "5mb",
};

// Anyone not signed in (sign-in, setup, invitations, resets, inquiries) sends a few KB at most.
const ANONYMOUS_LIMIT = "64kb";

// Each body's depth and number of values are checked on its bytes before it is parsed (./input-shape.ts).
const parserOf = (limit: string) => express.json({ limit, verify: verifyJsonShape });
const defaultParser = parserOf(DEFAULT_LIMIT);
const anonymousParser = parserOf(ANONYMOUS_LIMIT);
const parsers = new Map(Object.entries(LARGER_LIMITS).map(([path, limit]) => [path, parserOf(limit)]));
// A listing's rent roll or spaces from a spreadsheet (shared/income-import.ts): up to 8 MB of text or base64.
const INCOME_IMPORT = /^\/api\/listings\/[^/]+\/(?:rent-roll|spaces)\/import(?:\/preview)?$/;
const incomeImportParser = parserOf("10mb");

// Image and document uploads stream their raw bytes to storage (server/features/images,
// server/features/documents): whatever Content-Type the browser gives them, no parser may read them first.
const isFileUpload = (req: Request) =>
  req.method === "PUT" && (req.path.startsWith("/api/objects/images/") || req.path.startsWith("/api/documents/files/"));

// Only a signed-in user gets a larger cap: nobody else can make the server read more than 64 KB.
// Then no text the database cannot store goes further (./storable-input.ts).
export const jsonBody: RequestHandler = (req, res, next) => {
  // The parser calls back from the request stream's end, outside Express's own catching: an
  // error thrown here would end the process, so whatever the check throws is handed on too.
  const checked = (err?: unknown) => {
    let problem = err;
    try {
      problem ??= unstorableInput(req);
    } catch (thrown) {
      problem = thrown;
    }
    next(problem);
  };
  if (isFileUpload(req)) return checked();
  (req.user ? (parsers.get(req.path) ?? (INCOME_IMPORT.test(req.path) ? incomeImportParser : defaultParser)) : anonymousParser)(req, res, checked);
};
