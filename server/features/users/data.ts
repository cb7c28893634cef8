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
  values: { username: string; password: string; email: string | null; isAdmin: boolean },
): Promise<User> {
  const [row] = await db.insert(users).values(values).returning();
  return row;
}

export async function listUsers(db: Db): Promise<Pick<User, "id" | "username" | "email" | "isAdmin">[]> {
  return db
    .select({ id: users.id, username: users.username, email: users.email, isAdmin: users.isAdmin })
    .from(users)
    .orderBy(asc(sql`lower(${users.username})`));
}
