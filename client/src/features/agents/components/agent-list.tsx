import { Link2, Mail, Pencil, Phone, Trash2 } from "lucide-react";
import { Avatar } from "@/components/ui/avatar";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import type { AgentWithCount } from "../api/get-agents";

// One grid for both layouts: stacked cards on phones, aligned columns (a table to the eye) from md up.
const COLUMNS = "md:grid md:grid-cols-[minmax(0,1.4fr)_minmax(0,1.6fr)_minmax(0,1fr)_7rem_8rem] md:items-center md:gap-4";

const listingCountLabel = (n: number) => (n === 1 ? "1 listing" : `${n} listings`);

interface AgentActions {
  onEdit(agent: AgentWithCount): void;
  onDelete(agent: AgentWithCount): void;
  /** Admins only: link the profile to a member. */
  onLink?(agent: AgentWithCount): void;
}

/** Under the name: the member the profile is, or (for admins) the one to suggest. */
export interface MemberLine {
  linked?: string;
  suggested?: string;
}

function AgentRow({ agent, member, onEdit, onDelete, onLink }: { agent: AgentWithCount; member: MemberLine } & AgentActions) {
  return (
    <li className={cn("relative grid gap-1.5 px-4 py-3.5 md:px-5", COLUMNS)} data-testid="agent-row">
      <div className="flex min-w-0 items-center gap-3 pr-28 md:pr-0">
        <Avatar name={agent.name} className="size-9" />
        <div className="grid min-w-0">
          <span className="truncate font-medium" data-testid="agent-name">
            {agent.name}
          </span>
          {member.linked ? (
            <span className="truncate text-xs text-muted-foreground" data-testid="agent-member">
              Member: {member.linked}
            </span>
          ) : member.suggested ? (
            <span className="truncate text-xs text-muted-foreground" data-testid="agent-member-suggestion">
              Suggested member: {member.suggested} (same email)
            </span>
          ) : null}
        </div>
      </div>
      <div className={cn("min-w-0 pl-12 md:pl-0", !agent.email && "max-md:hidden")}>
        {agent.email ? (
          <a href={`mailto:${agent.email}`} className="inline-flex max-w-full items-center gap-1.5 text-muted-foreground hover:text-foreground hover:underline pointer-coarse:min-h-11 pointer-coarse:min-w-11">
            <Mail className="size-3.5 shrink-0 md:hidden" aria-hidden />
            <span className="truncate">{agent.email}</span>
          </a>
        ) : (
          <span className="hidden text-muted-foreground md:inline">No email</span>
        )}
      </div>
      <div className={cn("min-w-0 pl-12 md:pl-0", !agent.phone && "max-md:hidden")}>
        {agent.phone ? (
          <a href={`tel:${agent.phone}`} className="inline-flex max-w-full items-center gap-1.5 text-muted-foreground hover:text-foreground hover:underline pointer-coarse:min-h-11 pointer-coarse:min-w-11">
            <Phone className="size-3.5 shrink-0 md:hidden" aria-hidden />
            <span className="truncate">{agent.phone}</span>
          </a>
        ) : (
          <span className="hidden text-muted-foreground md:inline">No phone</span>
        )}
      </div>
      <div className="pl-12 md:pl-0">
        <Badge variant={agent.listingCount > 0 ? "default" : "muted"} data-testid="agent-listing-count">
          {listingCountLabel(agent.listingCount)}
        </Badge>
      </div>
      <div className="absolute right-3 top-3 flex gap-1 md:static md:justify-end">
        {onLink ? (
          <Button variant="ghost" size="icon-sm" aria-label={`Link ${agent.name} to a member`} onClick={() => onLink(agent)}>
            <Link2 aria-hidden />
          </Button>
        ) : null}
        <Button variant="ghost" size="icon-sm" aria-label={`Edit ${agent.name}`} onClick={() => onEdit(agent)}>
          <Pencil aria-hidden />
        </Button>
        <Button
          variant="ghost"
          size="icon-sm"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          aria-label={`Delete ${agent.name}`}
          onClick={() => onDelete(agent)}
        >
          <Trash2 aria-hidden />
        </Button>
      </div>
    </li>
  );
}

function ColumnHeadings() {
  return (
    <div
      aria-hidden
      className={cn("hidden border-b bg-muted/40 px-5 py-2 text-xs font-medium uppercase tracking-wide text-muted-foreground", COLUMNS)}
    >
      <span>Name</span>
      <span>Email</span>
      <span>Phone</span>
      <span>Listings</span>
      <span className="sr-only">Actions</span>
    </div>
  );
}

export function AgentList({
  agents,
  members,
  onEdit,
  onDelete,
  onLink,
}: { agents: AgentWithCount[]; members: (agent: AgentWithCount) => MemberLine } & AgentActions) {
  return (
    <Card className="overflow-hidden">
      <ColumnHeadings />
      <ul className="divide-y" aria-label="Agents">
        {agents.map((agent) => (
          <AgentRow key={agent.id} agent={agent} member={members(agent)} onEdit={onEdit} onDelete={onDelete} onLink={onLink} />
        ))}
      </ul>
    </Card>
  );
}

export function AgentListSkeleton() {
  return (
    <Card aria-busy="true" aria-label="Loading agents" className="overflow-hidden">
      <ul className="divide-y">
        {Array.from({ length: 5 }, (_, i) => (
          <li key={i} className="flex items-center gap-3 px-5 py-4">
            <Skeleton className="size-9 rounded-full" />
            <div className="grid flex-1 gap-2 md:grid-cols-3 md:gap-4">
              <Skeleton className="h-3.5 w-36 max-w-full" />
              <Skeleton className="h-3 w-44 max-w-full" />
              <Skeleton className="hidden h-3 w-24 md:block" />
            </div>
            <Skeleton className="h-5 w-16 rounded-full" />
          </li>
        ))}
      </ul>
    </Card>
  );
}
