// What other features may do with users (auth counts, finds and creates accounts; team changes
// roles and states; account sets passwords; sessions end): the users feature's public surface,
// so no other feature reaches into its queries (eslint.config.js, scripts/feature-shape.test.ts).
import type { TeamMemberDto, User } from "../../../shared/schema.js";
import type { Db, Tx } from "../../db/database.js";
import * as data from "./data.js";

export async function findUserById(db: Db | Tx, id: number): Promise<User | undefined> {
  return data.findUserById(db, id);
}

/** The account with this name, ignoring case (names are unique that way). */
export async function findUserByUsername(db: Db | Tx, username: string): Promise<User | undefined> {
  return data.findUserByUsername(db, username);
}

/** Who saved a row last, for an edit conflict; null when nobody did or they are gone. */
export async function usernameOf(db: Db, id: number | null): Promise<string | null> {
  if (id === null) return null;
  return (await data.findUserById(db, id))?.username ?? null;
}

/** How many accounts exist (none: the first admin is still to be set up). */
export async function countUsers(db: Db | Tx): Promise<number> {
  return data.countUsers(db);
}

/** A new account; `password` is already a hash. */
export async function insertUser(
  db: Db | Tx,
  values: { username: string; password: string; email: string | null; isAdmin: boolean; lastSignInAt?: Date },
): Promise<User> {
  return data.insertUser(db, values);
}

export async function markSignedIn(db: Db | Tx, id: number): Promise<void> {
  await data.markSignedIn(db, id);
}

/** Ends every session made before now: a session must carry the user's current epoch. */
export async function raiseSessionEpoch(db: Db | Tx, id: number): Promise<void> {
  await data.raiseSessionEpoch(db, id);
}

/** Active teammates, for the mention picker (a deactivated one can no longer be mentioned). */
export async function listUsers(db: Db): Promise<Pick<User, "id" | "username" | "email" | "isAdmin">[]> {
  return data.listUsers(db);
}

/** Everyone on the team for the Members section, deactivated people included. */
export async function listMembers(db: Db): Promise<TeamMemberDto[]> {
  return data.listMembers(db);
}

/** The user's row, locked until the transaction ends (a role or state change reads, then writes it). */
export async function lockUser(tx: Tx, id: number): Promise<User | undefined> {
  return data.lockUser(tx, id);
}

export async function countOtherActiveAdmins(tx: Tx, exceptId: number): Promise<number> {
  return data.countOtherActiveAdmins(tx, exceptId);
}

export async function updateMemberFlags(tx: Tx, id: number, values: { isAdmin?: boolean; isActive?: boolean }): Promise<User> {
  return data.updateMemberFlags(tx, id, values);
}

/** Stores a new password; `password` is already a hash. */
export async function setPasswordHash(tx: Tx, id: number, password: string): Promise<void> {
  await data.setPasswordHash(tx, id, password);
}
