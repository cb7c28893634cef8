import { sql } from "drizzle-orm";
import { toPublicUser, type PublicUser } from "../../../shared/schema.js";
import type { Db } from "../../db/database.js";
import { conflict, HttpError } from "../../http/http-error.js";
import { acceptInvitation } from "../invitations/service.js";
import { countUsers, findUserByUsername, insertUser } from "../users/service.js";
import { hashPassword, verifyPassword } from "./passwords.js";

const SETUP_LOCK_KEY = 7_240_118;
const USERNAME_TAKEN = "That username is already taken. Please choose another.";
export const INVALID_INVITATION = "This invitation link is invalid or has already been used.";

export interface AuthConfig {
  scryptCost: number;
}

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string })?.code === "23505" || (err as { cause?: { code?: string } })?.cause?.code === "23505";

export async function needsSetup(db: Db): Promise<boolean> {
  return (await countUsers(db)) === 0;
}

/** Creates the first admin. Two racing calls are serialised by a lock: exactly one wins. */
export async function initAdmin(
  db: Db,
  cfg: AuthConfig,
  input: { username: string; password: string; email: string },
): Promise<PublicUser> {
  const password = await hashPassword(input.password, cfg.scryptCost);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SETUP_LOCK_KEY})`);
    if ((await countUsers(tx)) > 0) throw conflict("Setup has already been completed. Please sign in.");
    return toPublicUser(await insertUser(tx, { username: input.username, password, email: input.email, isAdmin: true }));
  });
}

/** Registers a teammate with a pending invitation, which is used up in the same transaction. */
export async function register(
  db: Db,
  cfg: AuthConfig,
  input: { username: string; password: string; token: string },
): Promise<PublicUser> {
  const password = await hashPassword(input.password, cfg.scryptCost);
  try {
    return await db.transaction(async (tx) => {
      if (await findUserByUsername(tx, input.username)) throw conflict(USERNAME_TAKEN);
      const invitation = await acceptInvitation(tx, input.token);
      if (!invitation) throw new HttpError(400, INVALID_INVITATION);
      const user = await insertUser(tx, { username: input.username, password, email: invitation.email, isAdmin: false });
      return toPublicUser(user);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(USERNAME_TAKEN);
    throw err;
  }
}

// Verifying against a throwaway hash when the user does not exist keeps the response time the
// same, so timing does not reveal which usernames exist.
let decoyHash: Promise<string> | undefined;

export async function checkCredentials(
  db: Db,
  cfg: AuthConfig,
  username: string,
  password: string,
): Promise<PublicUser | null> {
  const user = await findUserByUsername(db, username);
  if (!user) {
    decoyHash ??= hashPassword("decoy-password", cfg.scryptCost);
    await verifyPassword(password, await decoyHash);
    return null;
  }
  return (await verifyPassword(password, user.password)) ? toPublicUser(user) : null;
}
