// Which member an agent profile is, or may be: the
// linked one, else the one with the same email (a suggestion only: an admin confirms it).
import type { PublicUser } from "@shared/schema";

type Member = Pick<PublicUser, "id" | "username" | "email">;
type Profile = { id: string; email: string | null; userId: number | null };

const sameEmail = (a: string | null | undefined, b: string | null | undefined) => !!a && !!b && a.trim().toLowerCase() === b.trim().toLowerCase();

/** The member this profile is linked to, if any. */
export const linkedMember = <M extends Member>(agent: Profile, members: M[]): M | undefined =>
  agent.userId === null ? undefined : members.find((m) => m.id === agent.userId);

/**
 * The member to suggest for an unlinked profile: the one whose email matches, when no other
 * profile is linked to them already (a link goes one way each).
 */
export function suggestedMember<M extends Member>(agent: Profile, members: M[], agents: Profile[]): M | undefined {
  if (agent.userId !== null) return undefined;
  const taken = new Set(agents.map((a) => a.userId).filter((id) => id !== null));
  return members.find((m) => sameEmail(m.email, agent.email) && !taken.has(m.id));
}

/** The unlinked profile to suggest for a member without one: the one with the member's email. */
export function suggestedProfile<A extends Profile>(member: Member, agents: A[]): A | undefined {
  if (agents.some((a) => a.userId === member.id)) return undefined;
  return agents.find((a) => a.userId === null && sameEmail(a.email, member.email));
}

/** The profile linked to this member (their "my listings"), if any. */
export const profileOf = <A extends Profile>(userId: number | undefined, agents: A[]): A | undefined =>
  userId === undefined ? undefined : agents.find((a) => a.userId === userId);
