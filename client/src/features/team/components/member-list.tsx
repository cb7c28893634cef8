import { UserRound, Users } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ConfirmActionButton } from "@/components/ui/confirm-action-button";
import { LoadFailed } from "@/components/ui/empty-state";
import { formatDate, formatShortDateTime, isoDate } from "@/lib/format-date";
import { useAgents, type AgentWithCount } from "@/features/agents/api/get-agents";
import { useLinkAgent } from "@/features/agents/api/link-agent";
import { profileOf, suggestedProfile } from "@/features/agents/lib/member-links";
import { useMembers, type MemberItem } from "../api/get-members";
import { useUpdateMember } from "../api/update-member";
import { ResetLinkButton } from "./reset-link-dialog";
import { TeamListSkeleton, TeamRowLead } from "./team-list-parts";

function DeactivateButton({ member, pending, onConfirm }: { member: MemberItem; pending: boolean; onConfirm: () => void }) {
  return (
    <ConfirmActionButton
      label="Deactivate"
      ariaLabel={`Deactivate ${member.username}`}
      pending={pending}
      title={`Deactivate ${member.username}?`}
      description="They are signed out everywhere at once and can no longer sign in or be mentioned. Their notes and history stay, and you can reactivate them later."
      cancelLabel="Keep Active"
      confirmLabel="Deactivate"
      onConfirm={onConfirm}
    />
  );
}

/**
 * The member's agent profile, or the unlinked one with
 * their email, offered to link in one click; anything else is linked on the Agents page.
 */
function AgentProfileLine({ member, agents }: { member: MemberItem; agents: AgentWithCount[] }) {
  const link = useLinkAgent();
  const mine = profileOf(member.id, agents);
  if (mine) return <span className="truncate text-xs text-muted-foreground">Agent profile: {mine.name}</span>;
  const suggestion = suggestedProfile(member, agents);
  if (!suggestion) return null;
  return (
    <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
      Suggested agent profile: {suggestion.name} (same email)
      <Button variant="outline" size="sm" disabled={link.isPending} onClick={() => link.mutate({ id: suggestion.id, userId: member.id })}>
        Link {suggestion.name}
      </Button>
    </span>
  );
}

function MemberRow({ member, agents }: { member: MemberItem; agents: AgentWithCount[] }) {
  const update = useUpdateMember();
  const change = (values: { isAdmin?: boolean; isActive?: boolean }) => update.mutate({ id: member.id, ...values });
  return (
    <li className="flex flex-col gap-3 px-4 py-3.5 sm:px-5 lg:flex-row lg:items-center lg:gap-4" data-testid="member-row">
      <TeamRowLead icon={UserRound}>
        <span className="flex flex-wrap items-center gap-2">
          <span className="truncate font-medium">{member.username}</span>
          <Badge variant={member.isAdmin ? "default" : "muted"}>{member.isAdmin ? "Admin" : "Team Member"}</Badge>
          <Badge variant={member.isActive ? "success" : "warning"}>{member.isActive ? "Active" : "Deactivated"}</Badge>
        </span>
        {member.email ? <span className="truncate text-sm text-muted-foreground">{member.email}</span> : null}
        <AgentProfileLine member={member} agents={agents} />
        <span className="text-xs text-muted-foreground">
          Joined <time dateTime={isoDate(member.createdAt)}>{formatDate(member.createdAt)}</time>
          {" · "}
          {member.lastSignInAt ? (
            <>
              Last sign-in <time dateTime={isoDate(member.lastSignInAt)}>{formatShortDateTime(member.lastSignInAt)}</time>
            </>
          ) : (
            "Never signed in"
          )}
        </span>
      </TeamRowLead>
      <div className="flex flex-wrap items-center gap-2 pl-12 lg:pl-0">
        {member.isActive ? (
          <>
            <Button
              variant="outline"
              size="sm"
              loading={update.isPending}
              aria-label={`${member.isAdmin ? "Make team member" : "Make admin"}: ${member.username}`}
              onClick={() => change({ isAdmin: !member.isAdmin })}
            >
              {member.isAdmin ? "Make team member" : "Make admin"}
            </Button>
            <ResetLinkButton member={member} />
            <DeactivateButton member={member} pending={update.isPending} onConfirm={() => change({ isActive: false })} />
          </>
        ) : (
          <Button
            variant="outline"
            size="sm"
            loading={update.isPending}
            aria-label={`Reactivate ${member.username}`}
            onClick={() => change({ isActive: true })}
          >
            Reactivate
          </Button>
        )}
      </div>
    </li>
  );
}

export function MemberList() {
  const members = useMembers();
  const agents = useAgents().data ?? [];

  if (members.isPending) return <TeamListSkeleton label="Loading members" withDate={false} />;
  if (members.isError) {
    return (
      <LoadFailed
        icon={Users}
        title="Failed to load members"
        error={members.error}
        onRetry={() => void members.refetch()}
      />
    );
  }
  return (
    <Card>
      <ul className="divide-y" aria-label="Members">
        {members.data.map((member) => (
          <MemberRow key={member.id} member={member} agents={agents} />
        ))}
      </ul>
    </Card>
  );
}
