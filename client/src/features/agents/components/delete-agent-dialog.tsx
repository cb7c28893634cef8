import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { useDeleteAgent } from "../api/delete-agent";
import type { AgentWithCount } from "../api/get-agents";

interface DeleteAgentDialogProps {
  agent: AgentWithCount | null;
  open: boolean;
  onOpenChange(open: boolean): void;
}

export function DeleteAgentDialog({ agent, open, onOpenChange }: DeleteAgentDialogProps) {
  const deleteAgent = useDeleteAgent();
  return (
    <AlertDialog open={open} onOpenChange={onOpenChange}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete {agent?.name ?? "this agent"}?</AlertDialogTitle>
          <AlertDialogDescription>
            Any listings assigned to this agent will become unassigned.
            {agent && agent.listingCount > 0
              ? ` ${agent.listingCount === 1 ? "1 listing is" : `${agent.listingCount} listings are`} assigned now.`
              : null}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={() => agent && deleteAgent.mutate(agent.id)}>Delete</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
