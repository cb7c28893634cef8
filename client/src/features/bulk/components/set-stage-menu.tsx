import { Milestone } from "lucide-react";
import { DEAL_STAGES } from "@shared/listing-fact-choices";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuTrigger } from "@/components/ui/dropdown-menu";
import { useBulkUpdateListings } from "../api/bulk-update-listings";

/**
 * "Set deal stage" for the selection: one pick sets it on every selected listing, through the
 * bulk edit (the same rules, audit entry and Undo as Bulk Edit; docs/guides/pipelines-and-views.md).
 * Imported listings often come without one; this puts a whole import on the deal board at once.
 */
export function SetStageMenu({ selectedIds }: { selectedIds: readonly string[] }) {
  const update = useBulkUpdateListings();
  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger asChild>
        <Button variant="outline" size="sm" loading={update.isPending} data-testid="bulk-set-stage">
          {update.isPending ? null : <Milestone aria-hidden />}
          <span className="max-sm:sr-only">Set deal stage</span>
          <span aria-hidden className="sm:hidden">
            Stage
          </span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>Set the deal stage of {selectedIds.length === 1 ? "1 listing" : `${selectedIds.length.toLocaleString()} listings`}</DropdownMenuLabel>
        {DEAL_STAGES.map((stage) => (
          <DropdownMenuItem key={stage} onSelect={() => update.mutate({ ids: selectedIds, updates: { dealStage: stage } })}>
            {stage}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
