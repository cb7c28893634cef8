import { and, eq, gt, isNull, sql } from "drizzle-orm";
import { passwordResetTokens, users } from "../../db/tables.js";
import type { Db, Tx } from "../../db/database.js";
import { RESET_LINK_TTL_MINUTES } from "./reset-token.js";

const fresh = () => gt(passwordResetTokens.createdAt, sql`now() - make_interval(mins => ${RESET_LINK_TTL_MINUTES})`);
const usable = (tokenHash: string) => and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), fresh());

/** A new link replaces the user's earlier unused ones: only the latest link an admin handed out works. */
export async function replaceResetToken(tx: Tx, values: { userId: number; tokenHash: string; createdById: number }): Promise<void> {
  await tx.delete(passwordResetTokens).where(and(eq(passwordResetTokens.userId, values.userId), isNull(passwordResetTokens.usedAt)));
  await tx.insert(passwordResetTokens).values(values);
}

/** The active user an unused, unexpired link is for. */
export async function findResetTarget(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ id: users.id, username: users.username, email: users.email })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(and(usable(tokenHash), eq(users.isActive, true)));
  return row;
}

/**
 * Marks a usable link used and returns whose it was. The condition is part of the UPDATE, so of
 * two resets racing with one link exactly one gets a row back.
 */
export async function consumeResetToken(tx: Tx, tokenHash: string): Promise<number | undefined> {
  const [row] = await tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(usable(tokenHash))
    .returning({ userId: passwordResetTokens.userId });
  return row?.userId;
}
