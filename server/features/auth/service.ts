import { sql } from "drizzle-orm";
import type { PublicUser, User } from "../../../shared/schema.js";
import type { Db } from "../../db/database.js";
import { conflict, forbidden, HttpError } from "../../http/http-error.js";
import { recordSetupOrigin } from "../app-address/service.js";
import { recordAuditEvent } from "../audit/service.js";
import { acceptInvitation, findUsableInvitation } from "../team/service.js";
import { countUsers, findUserByUsername, insertUser, markSignedIn } from "../users/service.js";
import type { Sleep, SignInAttempt, SignInThrottle } from "./login-rate-limit.js";
import { assertStrongPassword } from "./password-strength.js";
import { hashPassword, verifyPassword } from "./passwords.js";
import { isSetupCode } from "./setup-code.js";
import type { SignInDecoy } from "./sign-in-decoy.js";

// What other features may use: password hashing and the strength rule (password change and reset).
export { assertStrongPassword, checkPasswordStrength } from "./password-strength.js";
export { hashPassword, verifyPassword } from "./passwords.js";
export { isFromThisMachine } from "./setup-code.js";

const SETUP_LOCK_KEY = 7_240_118;
const USERNAME_TAKEN = "That username is already taken. Please choose another.";
export const INVALID_INVITATION = "This invitation link is invalid or has already been used.";
export const INVALID_CREDENTIALS = "Invalid username or password";
export const ACCOUNT_DEACTIVATED = "This account has been deactivated. Ask an admin to reactivate it.";
export const SETUP_DONE = "Setup has already been completed. Please sign in.";
export const SETUP_CODE_NEEDED =
  "To set up this workspace from another computer, open the setup link the server printed when it started (it ends with &code=...).";
export const SETUP_CODE_WRONG = "That setup code is not right. Open the setup link exactly as the server printed it.";

export interface AuthConfig {
  scryptCost: number;
  /** What a first-admin setup from another machine must bring (setup-code.ts). */
  setupCode: string;
  /** How sign-in slowdowns wait; tests pass a recorder instead of the clock. */
  sleep?: Sleep;
}

/** Whom a session is made for: the public user and the session epoch the session must match. */
export interface SignedInUser extends PublicUser {
  sessionEpoch: number;
}

const signedIn = (u: User): SignedInUser => ({
  id: u.id,
  username: u.username,
  email: u.email,
  isAdmin: u.isAdmin,
  sessionEpoch: u.sessionEpoch,
});

/** The reply of sign-in, registration and setup: the public user and nothing else. */
export const publicPart = (u: PublicUser): PublicUser => ({ id: u.id, username: u.username, email: u.email, isAdmin: u.isAdmin });

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string })?.code === "23505" || (err as { cause?: { code?: string } })?.cause?.code === "23505";

export async function needsSetup(db: Db): Promise<boolean> {
  return (await countUsers(db)) === 0;
}

/**
 * Creates the first admin. Everything that can refuse does so before the password is hashed,
 * so a refused request costs no scrypt. Two racing calls are serialised by a lock: one wins.
 */
export async function initAdmin(
  db: Db,
  cfg: AuthConfig,
  input: { username: string; password: string; email: string; code?: string },
  /** `origin`: the address the setup came from (checked by the host rule and same-origin check), kept as the app's address. */
  from: { address: string; thisMachine: boolean; origin: string },
): Promise<SignedInUser> {
  if (!(await needsSetup(db))) throw conflict(SETUP_DONE);
  if (!from.thisMachine && !isSetupCode(cfg.setupCode, input.code)) {
    throw forbidden(input.code ? SETUP_CODE_WRONG : SETUP_CODE_NEEDED);
  }
  assertStrongPassword(input.password, input);
  const password = await hashPassword(input.password, cfg.scryptCost);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK_KEY})`);
    if ((await countUsers(tx)) > 0) throw conflict(SETUP_DONE);
    const user = await insertUser(tx, { username: input.username, password, email: input.email, isAdmin: true, lastSignInAt: new Date() });
    await recordAuditEvent(tx, { kind: "auth.setup", actorId: user.id, address: from.address, data: { username: user.username } });
    // The first trusted origin: the links the app sends start here until an admin chooses another.
    await recordSetupOrigin(tx, from.origin);
    return signedIn(user);
  });
}

/**
 * Registers a teammate with a pending invitation, which is used up in the same transaction.
 * The token is checked first (so "taken" tells nobody without an invitation which usernames
 * exist), then the username and the password's strength, and only then is the password hashed.
 */
export async function register(
  db: Db,
  cfg: AuthConfig,
  input: { username: string; password: string; token: string },
  from: { address: string },
): Promise<SignedInUser> {
  const invitation = await findUsableInvitation(db, input.token);
  if (!invitation) throw new HttpError(400, INVALID_INVITATION);
  if (await findUserByUsername(db, input.username)) throw conflict(USERNAME_TAKEN);
  assertStrongPassword(input.password, { username: input.username, email: invitation.email });
  const password = await hashPassword(input.password, cfg.scryptCost);
  try {
    return await db.transaction(async (tx) => {
      // The condition is part of the UPDATE: of two registrations racing with one token, one wins.
      const accepted = await acceptInvitation(tx, input.token);
      if (!accepted) throw new HttpError(400, INVALID_INVITATION);
      const user = await insertUser(tx, { username: input.username, password, email: accepted.email, isAdmin: false, lastSignInAt: new Date() });
      await recordAuditEvent(tx, {
        kind: "auth.register",
        actorId: user.id,
        address: from.address,
        data: { username: user.username, invitationId: accepted.id },
      });
      return signedIn(user);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(USERNAME_TAKEN);
    throw err;
  }
}

/** What a sign-in passes through besides the database: the failure limits and the decoy. */
export interface SignInGuards {
  throttle: SignInThrottle;
  decoy: SignInDecoy;
}

// An unknown username waits as long as a verification takes (sign-in-decoy.ts), so timing does
// not reveal which usernames exist, and takes no place at the hash gate.
async function verifyCredentials(db: Db, decoy: SignInDecoy, username: string, password: string): Promise<User | null> {
  const user = await findUserByUsername(db, username);
  if (!user) {
    await decoy.wait();
    return null;
  }
  return (await decoy.timed(() => verifyPassword(password, user.password))) ? user : null;
}

/**
 * Sign-in with a password: refused or slowed by the failures so far (login-rate-limit.ts), then
 * checked. Wrong passwords and unknown usernames get one message; a deactivated account is told
 * so only once its password is right.
 */
export async function signInWithPassword(
  db: Db,
  { throttle, decoy }: SignInGuards,
  attempt: SignInAttempt & { password: string },
): Promise<SignedInUser> {
  const username = attempt.username.trim();
  const counted = { address: attempt.address, username };
  const user = await throttle.guard(counted, () => verifyCredentials(db, decoy, username, attempt.password));
  if (!user) throw new HttpError(401, INVALID_CREDENTIALS);
  const event = { actorId: user.id, address: attempt.address, data: { username: user.username } };
  if (!user.isActive) {
    await recordAuditEvent(db, { ...event, kind: "auth.sign-in-refused", data: { ...event.data, reason: "deactivated" } });
    throw forbidden(ACCOUNT_DEACTIVATED);
  }
  await throttle.succeeded(counted);
  await markSignedIn(db, user.id);
  await recordAuditEvent(db, { ...event, kind: "auth.sign-in" });
  return signedIn(user);
}
