// Failed sign-ins are limited per address and per username, so neither one address guessing
// many accounts nor many addresses guessing one account gets far. Successful sign-ins do not
// count. Counters live in each server's memory: see docs/decisions/004-login-rate-limit.md.
import type { RequestHandler } from "express";
import { rateLimit } from "express-rate-limit";

const WINDOW_MS = 15 * 60 * 1000;
const MESSAGE = "Too many failed sign-in attempts. Please wait 15 minutes and try again.";

export function loginRateLimits(): RequestHandler[] {
  const common = {
    windowMs: WINDOW_MS,
    skipSuccessfulRequests: true,
    standardHeaders: "draft-8" as const,
    legacyHeaders: false,
    handler: ((_req, res) => {
      res.status(429).json({ message: MESSAGE });
    }) as RequestHandler,
  };
  return [
    rateLimit({ ...common, limit: 50 }),
    rateLimit({
      ...common,
      limit: 10,
      keyGenerator: (req) => `user:${String(req.body?.username ?? "").trim().toLowerCase()}`,
      validate: { keyGeneratorIpFallback: false },
    }),
  ];
}
