import { SearchX, UserPlus, Users } from "lucide-react";
import { useDeferredValue, useMemo, useState } from "react";
import { Button } from "@/components/ui/button";
import { EmptyState, LoadFailed } from "@/components/ui/empty-state";
import { PageHeader } from "@/components/ui/page-header";
import { SearchInput } from "@/components/ui/search-input";
import { useUser } from "@/features/auth/api/get-user";
import { useUsers } from "@/features/users/api/get-users";
import { useAgents, type AgentWithCount } from "../api/get-agents";
import { linkedMember, suggestedMember } from "../lib/member-links";
import { LinkMemberDialog } from "./link-member-dialog";
import { AgentFormDialog } from "./agent-form-dialog";
import { AgentList, AgentListSkeleton } from "./agent-list";
import { DeleteAgentDialog } from "./delete-agent-dialog";

function matches(agent: AgentWithCount, query: string) {
  return agent.name.toLowerCase().includes(query) || (agent.email ?? "").toLowerCase().includes(query);
}

export function AgentsPage() {
  const agents = useAgents();
  const [search, setSearch] = useState("");
  const query = useDeferredValue(search.trim().toLowerCase());
  // The dialogs keep their agent while closing, so the closing animation shows the same content.
  const [form, setForm] = useState<{ open: boolean; agent?: AgentWithCount }>({ open: false });
  const [deleting, setDeleting] = useState<{ open: boolean; agent: AgentWithCount | null }>({ open: false, agent: null });
  const [linking, setLinking] = useState<{ open: boolean; agent: AgentWithCount | null }>({ open: false, agent: null });
  const isAdmin = useUser().user?.isAdmin ?? false;
  const users = useUsers().data ?? [];
  const memberLine = (agent: AgentWithCount) => ({
    linked: linkedMember(agent, users)?.username,
    suggested: isAdmin ? suggestedMember(agent, users, agents.data ?? [])?.username : undefined,
  });

  const shown = useMemo(
    () => (query ? (agents.data ?? []).filter((agent) => matches(agent, query)) : (agents.data ?? [])),
    [agents.data, query],
  );
  const addAgent = () => setForm({ open: true });

  let content;
  if (agents.isPending) {
    content = <AgentListSkeleton />;
  } else if (agents.isError) {
    content = (
      <LoadFailed
        icon={Users}
        title="Failed to load agents"
        error={agents.error}
        onRetry={() => void agents.refetch()}
      />
    );
  } else if (agents.data.length === 0) {
    content = (
      <EmptyState
        icon={Users}
        title="No agents yet"
        description="Add the agents on your team so listings can be assigned to them."
        action={
          <Button onClick={addAgent}>
            <UserPlus aria-hidden />
            Add Agent
          </Button>
        }
      />
    );
  } else if (shown.length === 0) {
    content = (
      <EmptyState
        icon={SearchX}
        title="No agents found"
        description={`No agent's name or email contains "${search.trim()}".`}
        action={
          <Button variant="outline" onClick={() => setSearch("")}>
            Clear search
          </Button>
        }
      />
    );
  } else {
    content = (
      <AgentList
        agents={shown}
        onEdit={(agent) => setForm({ open: true, agent })}
        onDelete={(agent) => setDeleting({ open: true, agent })}
        members={memberLine}
        onLink={isAdmin ? (agent) => setLinking({ open: true, agent }) : undefined}
      />
    );
  }

  return (
    <div className="grid gap-6">
      <PageHeader
        title="Agents"
        description="The agents your listings can be assigned to."
        actions={
          <Button onClick={addAgent}>
            <UserPlus aria-hidden />
            Add Agent
          </Button>
        }
      />
      {agents.data && agents.data.length > 0 ? (
        <SearchInput
          value={search}
          onValueChange={setSearch}
          label="Search agents"
          placeholder="Search by name or email"
          className="sm:max-w-sm"
        />
      ) : null}
      {content}
      <AgentFormDialog open={form.open} agent={form.agent} onOpenChange={(open) => setForm((f) => ({ ...f, open }))} />
      <DeleteAgentDialog
        open={deleting.open}
        agent={deleting.agent}
        onOpenChange={(open) => setDeleting((d) => ({ ...d, open }))}
      />
      <LinkMemberDialog
        open={linking.open}
        agent={linking.agent}
        agents={agents.data ?? []}
        onOpenChange={(open) => setLinking((l) => ({ ...l, open }))}
      />
    </div>
  );
}
