// An admin links an agent profile to a member account:
// the member with the same email is chosen first, and named as the suggestion.
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { NativeSelect } from "@/components/ui/native-select";
import { useUsers } from "@/features/users/api/get-users";
import type { AgentWithCount } from "../api/get-agents";
import { useLinkAgent } from "../api/link-agent";
import { suggestedMember } from "../lib/member-links";

interface LinkMemberDialogProps {
  agent: AgentWithCount | null;
  agents: AgentWithCount[];
  open: boolean;
  onOpenChange(open: boolean): void;
}

// Mounted only while open, so each opening starts from the agent's link (or the suggestion).
function LinkMemberForm({ agent, agents, onDone }: { agent: AgentWithCount; agents: AgentWithCount[]; onDone(): void }) {
  const members = useUsers().data ?? [];
  const link = useLinkAgent();
  const suggestion = suggestedMember(agent, members, agents);
  const [chosen, setChosen] = useState<string>(String(agent.userId ?? suggestion?.id ?? ""));
  const linkedElsewhere = new Map(agents.filter((a) => a.userId !== null && a.id !== agent.id).map((a) => [a.userId, a.name]));
  const save = (userId: number | null) => link.mutate({ id: agent.id, userId }, { onSuccess: onDone });
  return (
    <>
      <DialogHeader>
        <DialogTitle>Link {agent.name} to a member</DialogTitle>
        <DialogDescription>
          The member hears of inquiries about this agent&apos;s listings and sees them as &ldquo;My listings&rdquo;.
          {suggestion ? ` Suggested: ${suggestion.username} (same email).` : ""}
        </DialogDescription>
      </DialogHeader>
      <label htmlFor="link-member" className="text-sm font-medium">
        Member
      </label>
      <NativeSelect id="link-member" value={chosen} onChange={(e) => setChosen(e.target.value)}>
        <option value="">Choose a member</option>
        {members.map((m) => (
          <option key={m.id} value={String(m.id)} disabled={linkedElsewhere.has(m.id)}>
            {m.username}
            {m.email ? ` (${m.email})` : ""}
            {m.id === suggestion?.id ? " · suggested" : ""}
            {linkedElsewhere.has(m.id) ? ` · linked to ${linkedElsewhere.get(m.id)}` : ""}
          </option>
        ))}
      </NativeSelect>
      <DialogFooter>
        {agent.userId !== null ? (
          <Button variant="outline" disabled={link.isPending} onClick={() => save(null)}>
            Unlink
          </Button>
        ) : null}
        <Button disabled={link.isPending || chosen === "" || Number(chosen) === agent.userId} onClick={() => save(Number(chosen))}>
          Link member
        </Button>
      </DialogFooter>
    </>
  );
}

export function LinkMemberDialog({ agent, agents, open, onOpenChange }: LinkMemberDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md" data-testid="link-member-dialog">
        {open && agent ? <LinkMemberForm agent={agent} agents={agents} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}
