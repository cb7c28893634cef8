import { Router, type Request } from "express";
import type passport from "passport";
import {
  initAdminSchema,
  loginSchema,
  registerSchema,
  type PublicUser,
} from "../../../shared/schema.js";
import type { Db } from "../../db/database.js";
import { currentUser, requireUser } from "../../http/guards.js";
import { HttpError } from "../../http/http-error.js";
import { parse } from "../../http/validate.js";
import { loginRateLimits } from "./login-rate-limit.js";
import { initAdmin, needsSetup, register, type AuthConfig } from "./service.js";

// req.login rotates the session id (passport >= 0.6), so a pre-login id is useless afterwards.
const signIn = (req: Request, user: PublicUser) =>
  new Promise<void>((resolve, reject) => req.login(user, (err) => (err ? reject(err) : resolve())));

export function authRoutes(db: Db, cfg: AuthConfig, auth: passport.PassportStatic): Router {
  const router = Router();

  router.get("/api/needs-setup", async (_req, res) => {
    res.json({ needsSetup: await needsSetup(db) });
  });

  router.post("/api/init-admin", async (req, res) => {
    const input = parse(initAdminSchema, req.body);
    const user = await initAdmin(db, cfg, input);
    await signIn(req, user);
    res.status(201).json(user);
  });

  router.post("/api/register", async (req, res) => {
    const input = parse(registerSchema, req.body);
    const user = await register(db, cfg, input);
    await signIn(req, user);
    res.status(201).json(user);
  });

  router.post("/api/login", ...loginRateLimits(db), async (req, res) => {
    parse(loginSchema, req.body);
    const user = await new Promise<PublicUser | false>((resolve, reject) =>
      auth.authenticate("local", { session: false }, (err: unknown, u: PublicUser | false) =>
        err ? reject(err) : resolve(u),
      )(req, res, reject),
    );
    if (!user) throw new HttpError(401, "Invalid username or password");
    await signIn(req, user);
    res.json(user);
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
