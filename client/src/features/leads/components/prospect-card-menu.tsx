import { MessageSquarePlus, MoreHorizontal, UserMinus } from "lucide-react";
import type { Prospect } from "@shared/leads";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";

export interface ProspectMenuActions {
  /** Opens "Move with a note" for this prospect. */
  note(prospect: Prospect): void;
  /** Asks to take this prospect off the board. */
  remove(prospect: Prospect): void;
}

/**
 * A prospect card's less frequent actions, the same from a mouse, a keyboard and a finger (a
 * button, not a drag; 44 px on touch screens): a move with a note, and removal from the pipeline.
 */
export function ProspectCardMenu({ prospect, actions }: { prospect: Prospect; actions: ProspectMenuActions }) {
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon-sm" aria-label={`More actions: ${prospect.name}`} data-testid="prospect-card-menu" className="-mt-1 shrink-0 pointer-coarse:size-11">
          <MoreHorizontal aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => actions.note(prospect)}>
          <MessageSquarePlus aria-hidden />
          Move with a note…
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={() => actions.remove(prospect)} className="text-destructive focus:text-destructive">
          <UserMinus aria-hidden />
          Remove from pipeline…
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
