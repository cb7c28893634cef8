// The agent directory is the team's: any signed-in teammate keeps it
// (docs/decisions/011-agents-api.md). Ids are compared as text, so a malformed one is simply not
// found.
import { versionTag, type EditConflict } from "../../../shared/edit-conflicts.js";
import type { AgentWithCount } from "../../../shared/schema.js";
import type { Db } from "../../db/database.js";
import { notFound, preconditionFailed } from "../../http/http-error.js";
import { usernameOf } from "../users/service.js";
import * as data from "./data.js";

const AGENT_NOT_FOUND = "Agent not found";

type AgentValues = Parameters<typeof data.insertAgent>[1];

export const listAgents = (db: Db): Promise<AgentWithCount[]> => data.listAgents(db);

export const addAgent = (db: Db, values: AgentValues): Promise<AgentWithCount> => data.insertAgent(db, values);

/** One agent, or undefined when there is none by that id (their contact for a flyer). */
export const findAgentById = (db: Db, id: string): Promise<AgentWithCount | undefined> => data.findAgent(db, id);

export const agentTag = (agent: Pick<AgentWithCount, "id" | "version">) => versionTag("agent", agent.id, agent.version);
const AGENT_CONFLICT = "Someone else saved this agent after you opened it.";

async function findOrFail(db: Db, id: string): Promise<AgentWithCount> {
  const agent = await data.findAgent(db, id);
  if (!agent) throw notFound(AGENT_NOT_FOUND);
  return agent;
}

/** `versions` is what the editor's If-Match accepts (server/http/if-match.ts); undefined: no condition. */
export async function editAgent(
  db: Db,
  id: string,
  values: Partial<AgentValues>,
  by: number,
  versions?: number[],
): Promise<AgentWithCount> {
  if (!(await data.updateAgent(db, id, values, by, versions))) {
    const current = await findOrFail(db, id);
    const stamp = await data.findAgentStamp(db, id);
    const conflict: EditConflict<AgentWithCount> = {
      message: AGENT_CONFLICT,
      current,
      changedBy: await usernameOf(db, stamp?.updatedById ?? null),
      changedAt: stamp?.updatedAt ?? new Date(),
    };
    throw preconditionFailed(AGENT_CONFLICT, { ...conflict }, agentTag(current));
  }
  return findOrFail(db, id);
}

/** Its listings stay, unassigned. */
export async function removeAgent(db: Db, id: string): Promise<void> {
  if (!(await data.deleteAgent(db, id))) throw notFound(AGENT_NOT_FOUND);
}
