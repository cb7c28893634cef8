import { Router, type Request } from "express";
import { changePasswordSchema, passwordResetSchema } from "../../../shared/schema.js";
import type { Db } from "../../db/database.js";
import { currentUser, requireUser } from "../../http/guards.js";
import { dbRateLimit } from "../../http/rate-limit.js";
import { parse } from "../../http/validate.js";
import { startSession } from "../sessions/service.js";
import {
  changePassword,
  endOtherSessions,
  endSession,
  listSessions,
  resetPassword,
  validateResetToken,
  type AccountConfig,
} from "./service.js";

const from = (req: Request) => ({ address: req.ip ?? "" });
const FIFTEEN_MINUTES = 15 * 60 * 1000;

export function accountRoutes(db: Db, cfg: AccountConfig): Router {
  const router = Router();

  // Anyone may try a reset token, so an address gets a bounded number of tries (lookups and
  // refused resets alike): 256-bit tokens cannot be guessed, but nobody should get to try.
  const resetLimit = dbRateLimit(db, {
    name: "password-reset",
    windowMs: FIFTEEN_MINUTES,
    limit: 30,
    message: "Too many password reset attempts. Please wait 15 minutes and try again.",
  });
  router.get("/api/password-reset/validate/:token", resetLimit, async (req, res) => {
    res.json(await validateResetToken(db, String(req.params.token)));
  });

  router.post("/api/password-reset", resetLimit, async (req, res) => {
    const input = parse(passwordResetSchema, req.body);
    const owner = await resetPassword(db, cfg, input, from(req));
    // Every earlier session of the user has ended; the person who set the password is signed in.
    await startSession(req, owner);
    res.json({ id: owner.id, username: owner.username, email: owner.email, isAdmin: owner.isAdmin });
  });

  // A stolen session must not be able to guess the current password at will.
  const wrongPasswordLimit = dbRateLimit(db, {
    name: "account-password",
    windowMs: FIFTEEN_MINUTES,
    limit: 10,
    failuresOnly: true,
    key: (req) => `user:${req.user?.id ?? 0}`,
    message: "Too many wrong passwords. Please wait 15 minutes and try again.",
  });
  router.post("/api/account/password", requireUser, wrongPasswordLimit, async (req, res) => {
    const input = parse(changePasswordSchema, req.body);
    const owner = await changePassword(db, cfg, currentUser(req), input, from(req));
    // Every session ended with the change; this one goes on as a new session with the new epoch.
    await startSession(req, owner);
    res.status(204).end();
  });

  router.get("/api/account/sessions", requireUser, async (req, res) => {
    res.json(await listSessions(db, cfg, currentUser(req), req.sessionID));
  });

  router.delete("/api/account/sessions/:id", requireUser, async (req, res) => {
    await endSession(db, currentUser(req), String(req.params.id), from(req));
    res.status(204).end();
  });

  router.post("/api/account/sessions/sign-out-others", requireUser, async (req, res) => {
    res.json({ count: await endOtherSessions(db, currentUser(req), req.sessionID, from(req)) });
  });

  return router;
}
