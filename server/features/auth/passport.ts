import passport from "passport";
import { Strategy as LocalStrategy } from "passport-local";
import type { PublicUser } from "../../../shared/schema.js";
import type { Db } from "../../db/database.js";
import { checkCredentials, type AuthConfig } from "./service.js";

// The session keeps the public user itself. Accounts have no edit or delete in this product,
// so the copy cannot go stale, and a request costs one session read and no user read.
export function createPassport(db: Db, cfg: AuthConfig): passport.PassportStatic {
  const instance = new passport.Passport() as unknown as passport.PassportStatic;
  instance.use(
    new LocalStrategy((username, password, done) => {
      checkCredentials(db, cfg, username.trim(), password).then((user) => done(null, user ?? false), done);
    }),
  );
  instance.serializeUser((user, done) => done(null, user));
  instance.deserializeUser((user: PublicUser, done) => done(null, user));
  return instance;
}
