import { asc, count, eq, sql } from "drizzle-orm";
import { type User } from "../../../shared/schema.js";
import { users } from "../../db/tables.js";
import type { Db, Tx } from "../../db/database.js";

export async function findUserById(db: Db, id: number): Promise<User | undefined> {
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
    .orderBy(asc(sql`lower(${users.username})`));
}
