// The agent profile linked to the signed-in member, if any: their "My listings".
// Read from the directory the lists load anyway.
import { useUser } from "@/features/auth/api/get-user";
import { useAgents } from "./get-agents";

export function useMyAgentId(): string | undefined {
  const { user } = useUser();
  const agents = useAgents();
  return user ? agents.data?.find((a) => a.userId === user.id)?.id : undefined;
}
