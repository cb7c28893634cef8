import { asc, count, eq, sql } from "drizzle-orm";
import { type AgentWithCount } from "../../../shared/schema.js";
import { agents, listings } from "../../db/tables.js";
import type { Db } from "../../db/database.js";

type AgentValues = { name: string; email?: string | null; phone?: string | null };

const publicColumns = { id: agents.id, name: agents.name, email: agents.email, phone: agents.phone };

function selectWithCount(db: Db) {
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

export async function findAgent(db: Db, id: string): Promise<AgentWithCount | undefined> {
  const [row] = await selectWithCount(db).where(eq(agents.id, id));
  return row;
}

export async function insertAgent(db: Db, values: AgentValues): Promise<AgentWithCount> {
  const [row] = await db.insert(agents).values(values).returning(publicColumns);
  return { ...row, listingCount: 0 };
}

export async function updateAgent(db: Db, id: string, values: Partial<AgentValues>): Promise<boolean> {
  // An empty patch still has to find the agent, so it sets a column to itself.
  const set = Object.keys(values).length > 0 ? values : { name: sql`${agents.name}` };
  const rows = await db.update(agents).set(set).where(eq(agents.id, id)).returning({ id: agents.id });
  return rows.length > 0;
}

/** Its listings stay, unassigned: the foreign key is ON DELETE SET NULL. */
export async function deleteAgent(db: Db, id: string): Promise<boolean> {
  const rows = await db.delete(agents).where(eq(agents.id, id)).returning({ id: agents.id });
  return rows.length > 0;
}
