import passport from "passport";
import { Strategy as LocalStrategy } from "passport-local";
import type { Db } from "../../db/database.js";
import { publicUserOf, type SessionUserRecord } from "../sessions/service.js";
import { passwordHashGate } from "./hash-gate.js";
import { SignInThrottle } from "./login-rate-limit.js";
import { hashPassword } from "./passwords.js";
import { signInWithPassword, type AuthConfig, type SignedInUser, type SignInGuards } from "./service.js";
import { SignInDecoy } from "./sign-in-decoy.js";

// The session keeps who signed in, with which session epoch and when (sessions/session-user.ts).
// The session store reads the user's current row in the same query as the session and fills in
// name, email and role, so deserializing costs nothing and a request never sees a stale role.
export function createPassport(db: Db, cfg: AuthConfig): passport.PassportStatic {
  const instance = new passport.Passport() as unknown as passport.PassportStatic;
  const guards: SignInGuards = {
    throttle: new SignInThrottle(db, cfg.sleep),
    decoy: new SignInDecoy(passwordHashGate, () => hashPassword("decoy-password", cfg.scryptCost)),
  };
  instance.use(
    new LocalStrategy({ passReqToCallback: true }, (req, username, password, done) => {
      signInWithPassword(db, guards, { username, password, address: req.ip ?? "" }).then((user) => done(null, user), done);
    }),
  );
  instance.serializeUser((user, done) => {
    const record: SessionUserRecord = {
      id: user.id,
      epoch: (user as SignedInUser).sessionEpoch,
      signedInAt: Date.now(),
    };
    done(null, record);
  });
  instance.deserializeUser((record: SessionUserRecord, done) => done(null, publicUserOf(record) ?? false));
  return instance;
}
