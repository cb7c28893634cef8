// The agent directory is the team's: any signed-in teammate keeps it
// (docs/decisions/011-agents-api.md). Ids are compared as text, so a malformed one is simply not
// found.
import type { AgentWithCount } from "../../../shared/schema.js";
import type { Db } from "../../db/database.js";
import { notFound } from "../../http/http-error.js";
import * as data from "./data.js";

const AGENT_NOT_FOUND = "Agent not found";

type AgentValues = Parameters<typeof data.insertAgent>[1];

export const listAgents = (db: Db): Promise<AgentWithCount[]> => data.listAgents(db);

export const addAgent = (db: Db, values: AgentValues): Promise<AgentWithCount> => data.insertAgent(db, values);

export async function editAgent(db: Db, id: string, values: Partial<AgentValues>): Promise<AgentWithCount> {
  if (!(await data.updateAgent(db, id, values))) throw notFound(AGENT_NOT_FOUND);
  const agent = await data.findAgent(db, id);
  if (!agent) throw notFound(AGENT_NOT_FOUND);
  return agent;
}

/** Its listings stay, unassigned. */
export async function removeAgent(db: Db, id: string): Promise<void> {
  if (!(await data.deleteAgent(db, id))) throw notFound(AGENT_NOT_FOUND);
}
