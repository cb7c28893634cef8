import { Router, type Request } from "express";
import type passport from "passport";
import { initAdminSchema, loginSchema, registerSchema } from "../../../shared/schema.js";
import type { Db } from "../../db/database.js";
import { currentUser, requireUser } from "../../http/guards.js";
import { HttpError } from "../../http/http-error.js";
import { requestOrigin } from "../../http/public-origin.js";
import { dbRateLimit } from "../../http/rate-limit.js";
import { parse } from "../../http/validate.js";
import { startSession } from "../sessions/service.js";
import {
  initAdmin,
  INVALID_CREDENTIALS,
  isFromThisMachine,
  needsSetup,
  publicPart,
  register,
  type AuthConfig,
  type SignedInUser,
} from "./service.js";

const signIn = (req: Request, user: SignedInUser) => startSession(req, user);

const addressOf = (req: Request) => req.ip ?? "";

// Refused registrations and setups per address. They cost no password hash any more (the
// services refuse before hashing), so this only keeps anyone from trying tokens or codes at will.
const refusedAttempts = { windowMs: 15 * 60 * 1000, limit: 20, failuresOnly: true };

export function authRoutes(db: Db, cfg: AuthConfig, auth: passport.PassportStatic): Router {
  const router = Router();

  router.get("/api/needs-setup", async (_req, res) => {
    res.json({ needsSetup: await needsSetup(db) });
  });

  const setupLimit = dbRateLimit(db, {
    ...refusedAttempts,
    name: "init-admin",
    message: "Too many setup attempts. Please wait 15 minutes and try again.",
  });
  router.post("/api/init-admin", setupLimit, async (req, res) => {
    const input = parse(initAdminSchema, req.body);
    const user = await initAdmin(db, cfg, input, { address: addressOf(req), thisMachine: isFromThisMachine(req), origin: requestOrigin(req) });
    await signIn(req, user);
    res.status(201).json(publicPart(user));
  });

  const registerLimit = dbRateLimit(db, {
    ...refusedAttempts,
    name: "register",
    message: "Too many registration attempts. Please wait 15 minutes and try again.",
  });
  router.post("/api/register", registerLimit, async (req, res) => {
    const input = parse(registerSchema, req.body);
    const user = await register(db, cfg, input, { address: addressOf(req) });
    await signIn(req, user);
    res.status(201).json(publicPart(user));
  });

  // The passport-local strategy (passport.ts) throttles, checks and records the attempt.
  router.post("/api/login", async (req, res) => {
    parse(loginSchema, req.body);
    const user = await new Promise<SignedInUser | false>((resolve, reject) =>
      auth.authenticate("local", { session: false }, (err: unknown, u: SignedInUser | false) =>
        err ? reject(err) : resolve(u),
      )(req, res, reject),
    );
    if (!user) throw new HttpError(401, INVALID_CREDENTIALS);
    await signIn(req, user);
    res.json(publicPart(user));
  });

  router.post("/api/logout", async (req, res) => {
    await new Promise<void>((resolve, reject) => req.logout((err) => (err ? reject(err) : resolve())));
    await new Promise<void>((resolve) => req.session.destroy(() => resolve()));
    res.clearCookie("sid", { path: "/" });
    res.status(204).end();
  });

  const me = [requireUser, (req: Request, res: import("express").Response) => res.json(currentUser(req))] as const;
  router.get("/api/user", ...me);
  router.get("/api/auth/user", ...me);

  return router;
}
