import type { RequestHandler } from "express";
import type { PublicUser } from "../../shared/schema.js";
import { forbidden, HttpError } from "./http-error.js";

export const requireUser: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(new HttpError(401, "Please sign in to continue"));
  next();
};

export const requireAdmin: RequestHandler = (req, _res, next) => {
  if (!req.user) return next(new HttpError(401, "Please sign in to continue"));
  if (!req.user.isAdmin) return next(forbidden("Only admins can do that"));
  next();
};

/** The signed-in user of a request that passed requireUser. */
export function currentUser(req: Express.Request): PublicUser {
  if (!req.user) throw new HttpError(401, "Please sign in to continue");
  return req.user;
}

declare global {
  namespace Express {
    interface User extends PublicUser {}
  }
}
