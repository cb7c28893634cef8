import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import { type TeamMemberDto, type User } from "../../../shared/schema.js";
import { users } from "../../db/tables.js";
import type { Db, Tx } from "../../db/database.js";

export async function findUserById(db: Db | Tx, id: number): Promise<User | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  return row;
}

export async function findUserByUsername(db: Db | Tx, username: string): Promise<User | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row;
}

export async function countUsers(db: Db | Tx): Promise<number> {
  const [row] = await db.select({ n: count() }).from(users);
  return row.n;
}

export async function insertUser(
  db: Db | Tx,
  values: { username: string; password: string; email: string | null; isAdmin: boolean; lastSignInAt?: Date },
): Promise<User> {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

export async function markSignedIn(db: Db | Tx, id: number): Promise<void> {
  await db.update(users).set({ lastSignInAt: sql`now()` }).where(eq(users.id, id));
}

/** Ends every session made before now: a session must carry the user's current epoch. */
export async function raiseSessionEpoch(db: Db | Tx, id: number): Promise<void> {
  await db
    .update(users)
    .set({ sessionEpoch: sql`${users.sessionEpoch} + 1` })
    .where(eq(users.id, id));
}

export async function listUsers(db: Db): Promise<Pick<User, "id" | "username" | "email" | "isAdmin">[]> {
  return db
    .select({ id: users.id, username: users.username, email: users.email, isAdmin: users.isAdmin })
    .from(users)
    // A deactivated teammate can no longer be mentioned; their notes keep their name.
    .where(eq(users.isActive, true))
    .orderBy(asc(sql`lower(${users.username})`));
}

/** Everyone on the team for the Members section, deactivated people included. */
export async function listMembers(db: Db): Promise<TeamMemberDto[]> {
  return db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      isAdmin: users.isAdmin,
      isActive: users.isActive,
      createdAt: users.createdAt,
      lastSignInAt: users.lastSignInAt,
    })
    .from(users)
    .orderBy(asc(sql`lower(${users.username})`));
}

export async function lockUser(tx: Tx, id: number): Promise<User | undefined> {
  const [row] = await tx.select().from(users).where(eq(users.id, id)).for("update");
  return row;
}

/** Active admins other than `exceptId`, counted under the caller's lock. */
export async function countOtherActiveAdmins(tx: Tx, exceptId: number): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.isAdmin, true), eq(users.isActive, true), ne(users.id, exceptId)));
  return row.n;
}

export async function updateMemberFlags(tx: Tx, id: number, values: { isAdmin?: boolean; isActive?: boolean }): Promise<User> {
  const [row] = await tx.update(users).set(values).where(eq(users.id, id)).returning();
  return row;
}

/** The caller ends the user's sessions in the same transaction (sessions/service.ts). */
export async function setPasswordHash(tx: Tx, id: number, password: string): Promise<void> {
  await tx.update(users).set({ password }).where(eq(users.id, id));
}
