// The full app as the in-process sections start it: over a bench database and its change bus,
// listening on a loopback port, with a user of theirs signed in over HTTP.
import { toPublicUser, type PublicUser } from "../../shared/schema.js";
import { createApp, type AppDeps } from "../../server/app.js";
import type { Db } from "../../server/db/database.js";
import type { ChangeBus } from "../../server/events/change-bus.js";
import { hashPassword } from "../../server/features/auth/passwords.js";
import { insertUser } from "../../server/features/users/data.js";
import { createLogger } from "../../server/logger.js";
import { listen, type Running } from "./servers.js";
import { PASSWORD, SCRYPT_COST, signIn } from "./sign-in.js";

/** A user who signs in with PASSWORD: an admin unless `isAdmin` is false. */
export async function benchUser(db: Db, username: string, isAdmin = true): Promise<PublicUser> {
  return toPublicUser(await insertUser(db, { username, password: await hashPassword(PASSWORD, SCRYPT_COST), email: null, isAdmin }));
}

export interface SignedInApp {
  server: Running;
  /** The session cookie ("sid=...") to send with each request. */
  cookie: string;
}

/** The full app over `db` (`more` adds or replaces its dependencies), listening, with `user` signed in. */
export async function signedInApp(db: Db, changes: ChangeBus, user: PublicUser, more: Partial<AppDeps> = {}): Promise<SignedInApp> {
  const server = await listen(
    createApp({
      db,
      env: { TRUST_PROXY: false, AUTH_SCRYPT_COST: SCRYPT_COST },
      logger: createLogger("silent"),
      sessionSecret: "bench-secret-bench-secret-bench-secret-0",
      changes,
      ...more,
    }),
  );
  try {
    return { server, cookie: await signIn(server.url, user.username, PASSWORD) };
  } catch (err) {
    await server.close();
    throw err;
  }
}
