// The agent directory is the team's: any signed-in teammate keeps it
// (docs/decisions/011-agents-api.md). Ids are compared as text, so a malformed one is simply not
// found. Linking a profile to a member account is the admins' (or the member's own profile, made
// from Your account): docs/decisions/350-agents-are-members.md.
import { versionTag, type EditConflict } from "../../../shared/edit-conflicts.js";
import type { AgentWithCount, PublicUser } from "../../../shared/schema.js";
import type { Db, Tx } from "../../db/database.js";
import { badRequest, conflict, forbidden, notFound, preconditionFailed } from "../../http/http-error.js";
import { recordAuditEvent } from "../audit/service.js";
import { usernameOf } from "../users/service.js";
import * as data from "./data.js";

const AGENT_NOT_FOUND = "Agent not found";

type AgentValues = Parameters<typeof data.insertAgent>[1];

export const listAgents = (db: Db): Promise<AgentWithCount[]> => data.listAgents(db);

export const addAgent = (db: Db, values: AgentValues): Promise<AgentWithCount> => data.insertAgent(db, values);

/** The member's own profile, or undefined when no profile is linked to them. */
export const findAgentOfUser = (db: Db, userId: number): Promise<AgentWithCount | undefined> => data.findAgentOfUser(db, userId);

/**
 * Something that decides whether the member hears of inquiries about their listings changed (their
 * account's state, their choice): their listings' public pages must be made again, since they
 * promise who will be in touch.
 */
export const touchProfileOfMember = (tx: Tx, userId: number): Promise<void> => data.touchAgentOfUser(tx, userId);

const ONLY_ADMINS_LINK = "Only admins can link an agent profile to a member";

// Two links to one member at the same moment both pass the check; the unique index refuses the
// second, which gets the same 409 instead of a 500.
const isUniqueViolation = (err: unknown) =>
  (err as { code?: string })?.code === "23505" || (err as { cause?: { code?: string } })?.cause?.code === "23505";
const alreadyLinked = (username: string, agentName?: string) =>
  conflict(`${username} is already linked to ${agentName ? `the agent profile "${agentName}"` : "another agent profile"}. Unlink that profile first.`);

/** Refuses a link to no member, a deactivated one, or one another profile already has. */
async function checkLink(tx: Tx, agentId: string, userId: number) {
  const user = await data.findLinkableUser(tx, userId);
  if (!user) throw badRequest("There is no member with this id", { userId: "Choose a member of the team" });
  if (!user.isActive) throw badRequest(`${user.username}'s account is deactivated`, { userId: "Choose an active member" });
  const other = await data.findAgentOfUser(tx, userId);
  if (other && other.id !== agentId) throw alreadyLinked(user.username, other.name);
  return user;
}

/** One timeline entry per change of link, so the audit log says who linked whom. */
async function recordLink(tx: Tx, actorId: number, agent: { id: string; name: string }, before: number | null, after: number | null) {
  if (before === after) return;
  const member = await data.findLinkableUser(tx, (after ?? before)!);
  await recordAuditEvent(tx, {
    kind: after === null ? "agent.unlinked" : "agent.linked",
    actorId,
    data: { agentId: agent.id, agentName: agent.name, username: member?.username ?? null, changes: { userId: [before, after] } },
  });
}

/** One agent, or undefined when there is none by that id (their contact for a flyer). */
export const findAgentById = (db: Db, id: string): Promise<AgentWithCount | undefined> => data.findAgent(db, id);

export const agentTag = (agent: Pick<AgentWithCount, "id" | "version">) => versionTag("agent", agent.id, agent.version);
const AGENT_CONFLICT = "Someone else saved this agent after you opened it.";

async function findOrFail(db: Db, id: string): Promise<AgentWithCount> {
  const agent = await data.findAgent(db, id);
  if (!agent) throw notFound(AGENT_NOT_FOUND);
  return agent;
}

/**
 * `versions` is what the editor's If-Match accepts (server/http/if-match.ts); undefined: no
 * condition. A `userId` (a link to a member, or null to unlink) is only the admins' to send.
 */
export async function editAgent(
  db: Db,
  id: string,
  values: Partial<AgentValues>,
  by: Pick<PublicUser, "id" | "isAdmin">,
  versions?: number[],
): Promise<AgentWithCount> {
  if (values.userId !== undefined && !by.isAdmin) throw forbidden(ONLY_ADMINS_LINK);
  let saved: boolean;
  try {
    saved = await db.transaction(async (tx) => {
      const before = await data.findAgent(tx, id);
      if (!before) throw notFound(AGENT_NOT_FOUND);
      if (values.userId !== undefined && values.userId !== null) await checkLink(tx, id, values.userId);
      if (!(await data.updateAgent(tx, id, values, by.id, versions))) return false;
      if (values.userId !== undefined) await recordLink(tx, by.id, { id, name: values.name ?? before.name }, before.userId, values.userId);
      return true;
    });
  } catch (err) {
    if (isUniqueViolation(err) && values.userId) throw alreadyLinked((await usernameOf(db, values.userId)) ?? "This member");
    throw err;
  }
  if (!saved) {
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

/**
 * A member's own profile, made from Your account and linked to them: their username unless they
 * give a name, their account's email. A member has at most one (409 otherwise).
 */
export async function createOwnProfile(db: Db, user: PublicUser, values: { name?: string; phone: string | null }): Promise<AgentWithCount> {
  try {
    return await db.transaction(async (tx) => {
      const existing = await data.findAgentOfUser(tx, user.id);
      if (existing) throw conflict(`You already have an agent profile: "${existing.name}"`);
      const agent = await data.insertAgent(tx, { name: values.name ?? user.username, email: user.email ?? null, phone: values.phone, userId: user.id });
      await recordLink(tx, user.id, agent, null, user.id);
      return agent;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict("You already have an agent profile");
    throw err;
  }
}

/** Its listings stay, unassigned. */
export async function removeAgent(db: Db, id: string): Promise<void> {
  if (!(await data.deleteAgent(db, id))) throw notFound(AGENT_NOT_FOUND);
}
