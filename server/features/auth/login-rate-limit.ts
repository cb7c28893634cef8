// Failed sign-ins are limited per address and per username, so neither one address guessing
// many accounts nor many addresses guessing one account gets far. Successful sign-ins do not
// count. Counters live in the database, shared by every app server (decision 004).
import type { RequestHandler } from "express";
import type { Db } from "../../db/database.js";
import { dbRateLimit } from "../../http/rate-limit.js";

const failedSignIns = {
  windowMs: 15 * 60 * 1000,
  failuresOnly: true,
  message: "Too many failed sign-in attempts. Please wait 15 minutes and try again.",
};

export function loginRateLimits(db: Db): RequestHandler[] {
  return [
    dbRateLimit(db, { ...failedSignIns, name: "login-address", limit: 50 }),
    dbRateLimit(db, {
      ...failedSignIns,
      name: "login-user",
      limit: 10,
      key: (req) => String(req.body?.username ?? "").trim().toLowerCase(),
    }),
  ];
}
