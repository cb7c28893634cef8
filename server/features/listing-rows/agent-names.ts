// Reads the Agent column: an agent's name, matched ignoring case and extra spaces.
const nameKey = (name: string) => name.trim().replace(/\s+/g, " ").toLowerCase();

export type AgentMatch = { agentId: string | null } | { error: string };

export function agentResolver(agents: { id: string; name: string }[]) {
  const byName = new Map<string, string[]>();
  for (const a of agents) byName.set(nameKey(a.name), [...(byName.get(nameKey(a.name)) ?? []), a.id]);

  /** `currentAgentIds`: agents of the listings the row may update, which settle a name two agents share. */
  return (name: string, currentAgentIds: (string | null)[]): AgentMatch => {
    if (name.trim() === "") return { agentId: null };
    const ids = byName.get(nameKey(name)) ?? [];
    if (ids.length === 1) return { agentId: ids[0] };
    if (ids.length === 0) return { error: `Agent "${name}" was not found. Add the agent on the Agents page first, or leave the cell blank.` };
    const current = ids.filter((id) => currentAgentIds.includes(id));
    if (current.length === 1) return { agentId: current[0] };
    return { error: `Agent "${name}" matches ${ids.length} agents with that name; choose the agent in the import dialog instead.` };
  };
}
