import express, { type RequestHandler } from "express";

const DEFAULT_LIMIT = "1mb";

/**
 * JSON bodies are capped at 1 MB; a route that needs more names its own cap here, so the cap is
 * decided before any of the body is read.
 */
const LARGER_LIMITS: Record<string, string> = {};

const defaultParser = express.json({ limit: DEFAULT_LIMIT });
const parsers = new Map(Object.entries(LARGER_LIMITS).map(([path, limit]) => [path, express.json({ limit })]));

export const jsonBody: RequestHandler = (req, res, next) =>
  (parsers.get(req.path) ?? defaultParser)(req, res, next);
