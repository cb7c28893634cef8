import { and, desc, eq, gt, sql } from "drizzle-orm";
import { type Invitation } from "../../../shared/schema.js";
import { invitations, users } from "../../db/tables.js";
import type { Db, Tx } from "../../db/database.js";
import { INVITATION_TTL_DAYS } from "./rules.js";

const stillValid = () => gt(invitations.createdAt, sql`now() - make_interval(days => ${INVITATION_TTL_DAYS})`);

export async function listInvitations(db: Db): Promise<Invitation[]> {
  return db.select().from(invitations).orderBy(desc(invitations.createdAt), desc(invitations.id));
}

export async function insertInvitation(db: Db | Tx, values: { email: string; token: string; invitedBy: number }) {
  const [row] = await db.insert(invitations).values(values).returning();
  return row;
}

export async function findInvitation(db: Db, id: number): Promise<Invitation | undefined> {
  const [row] = await db.select().from(invitations).where(eq(invitations.id, id));
  return row;
}

export async function findUsableInvitation(db: Db, token: string): Promise<Invitation | undefined> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.token, token), eq(invitations.status, "pending"), stillValid()));
  return row;
}

export async function findPendingInvitationForEmail(db: Db, email: string): Promise<Invitation | undefined> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(sql`lower(${invitations.email}) = lower(${email})`, eq(invitations.status, "pending"), stillValid()));
  return row;
}

export async function emailHasAccount(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return Boolean(row);
}

/**
 * Marks a pending, unexpired invitation accepted and returns it. The condition is part of the
 * UPDATE, so of two registrations racing with one token exactly one gets a row back.
 */
export async function acceptInvitation(tx: Tx | Db, token: string): Promise<Invitation | undefined> {
  const [row] = await tx
    .update(invitations)
    .set({ status: "accepted" })
    .where(and(eq(invitations.token, token), eq(invitations.status, "pending"), stillValid()))
    .returning();
  return row;
}

export async function deleteInvitation(db: Db | Tx, id: number): Promise<void> {
  await db.delete(invitations).where(eq(invitations.id, id));
}

const ADMIN_CHANGES_LOCK_KEY = 7_240_161;

/**
 * Serialises changes of role and state for the rest of the transaction, so two admins demoting
 * each other at once cannot both succeed and leave the team without an admin.
 */
export async function lockAdminChanges(tx: Tx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ADMIN_CHANGES_LOCK_KEY})`);
}
