import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { type AgentWithCount } from "../../../shared/schema.js";
import { agents, listings, users } from "../../db/tables.js";
import type { Db, Tx } from "../../db/database.js";
import { nextVersion } from "../../db/versioning.js";

type AgentValues = { name: string; email?: string | null; phone?: string | null; userId?: number | null };

const publicColumns = { id: agents.id, name: agents.name, email: agents.email, phone: agents.phone, version: agents.version, userId: agents.userId };

function selectWithCount(db: Db | Tx) {
  const counts = db
    .select({ agentId: listings.agentId, n: count().as("n") })
    .from(listings)
    .groupBy(listings.agentId)
    .as("listing_counts");
  return db
    .select({ ...publicColumns, listingCount: sql<number>`coalesce(${counts.n}, 0)`.mapWith(Number) })
    .from(agents)
    .leftJoin(counts, eq(counts.agentId, agents.id));
}

/** By name as people read it (case aside); the id keeps namesakes in a stable order. */
export async function listAgents(db: Db): Promise<AgentWithCount[]> {
  return selectWithCount(db).orderBy(asc(sql`lower(${agents.name})`), asc(agents.name), asc(agents.id));
}

export async function findAgent(db: Db | Tx, id: string): Promise<AgentWithCount | undefined> {
  const [row] = await selectWithCount(db).where(eq(agents.id, id));
  return row;
}

export async function insertAgent(db: Db | Tx, values: AgentValues): Promise<AgentWithCount> {
  const [row] = await db.insert(agents).values(values).returning(publicColumns);
  return { ...row, listingCount: 0 };
}

/**
 * Writes the change only while the agent is at one of `versions` (when given), in one statement,
 * so of two edits from the same version exactly one lands. Every write raises the version.
 */
export async function updateAgent(
  db: Db | Tx,
  id: string,
  values: Partial<AgentValues>,
  by: number,
  versions?: number[],
): Promise<boolean> {
  const atVersion = versions === undefined ? undefined : versions.length > 0 ? inArray(agents.version, versions) : sql`false`;
  const rows = await db
    .update(agents)
    .set({ ...values, ...nextVersion(agents.version, by) })
    .where(and(eq(agents.id, id), atVersion))
    .returning({ id: agents.id });
  return rows.length > 0;
}

/** Who changed the agent last and when, for an edit conflict. */
export async function findAgentStamp(db: Db, id: string): Promise<{ updatedById: number | null; updatedAt: Date } | undefined> {
  const [row] = await db.select({ updatedById: agents.updatedById, updatedAt: agents.updatedAt }).from(agents).where(eq(agents.id, id));
  return row;
}

/** The profile linked to this member, if any. */
export async function findAgentOfUser(db: Db | Tx, userId: number): Promise<AgentWithCount | undefined> {
  const [row] = await selectWithCount(db).where(eq(agents.userId, userId));
  return row;
}

/** The member a link would point at: whether there is one, and whether it may sign in. */
export async function findLinkableUser(db: Db | Tx, userId: number): Promise<{ id: number; username: string; isActive: boolean } | undefined> {
  const [row] = await db.select({ id: users.id, username: users.username, isActive: users.isActive }).from(users).where(eq(users.id, userId));
  return row;
}

/**
 * Marks the member's profile changed without changing it: a statement touching the row raises the
 * agents change (its trigger), which moves the public pages' and flyers' freshness.
 */
export async function touchAgentOfUser(tx: Tx, userId: number): Promise<void> {
  await tx.update(agents).set({ userId: sql`${agents.userId}` }).where(eq(agents.userId, userId));
}

/** Its listings stay, unassigned: the foreign key is ON DELETE SET NULL. */
export async function deleteAgent(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(agents).where(eq(agents.id, id)).returning({ id: agents.id });
  return rows.length > 0;
}
