// Rate limits whose counters live in the database (see rate-limit-store.ts), answering 429 with
// a JSON message like every other error.
import type { Request, RequestHandler, Response } from "express";
import { rateLimit } from "express-rate-limit";
import type { Db } from "../db/database.js";
import { DbRateLimitStore } from "./rate-limit-store.js";

export interface RateLimitRule {
  /** Keeps this limit's counters apart from every other's. */
  name: string;
  limit: number;
  windowMs: number;
  message: string;
  /** Whom to count; the client's address when absent. */
  key?: (req: Request) => string;
  /** Count only requests that fail (status 400 and up). */
  failuresOnly?: boolean;
  /** Answers the refused request itself (a page rather than JSON); the JSON message when absent. */
  reply?: (req: Request, res: Response) => void;
}

export function dbRateLimit(db: Db, rule: RateLimitRule): RequestHandler {
  return rateLimit({
    windowMs: rule.windowMs,
    limit: rule.limit,
    store: new DbRateLimitStore(db, `${rule.name}:`),
    skipSuccessfulRequests: rule.failuresOnly ?? false,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    ...(rule.key && { keyGenerator: rule.key, validate: { keyGeneratorIpFallback: false } }),
    handler: (req, res) => {
      if (rule.reply) return rule.reply(req, res);
      res.status(429).json({ message: rule.message });
    },
  });
}
