import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { EditConflictNotice } from "@/components/ui/edit-conflict-notice";
import type { WireConflict } from "@/lib/api-client";
import type { MoveStageInput } from "../api/move-listing-stage";
import type { ListingWithMeta } from "../api/listing-types";
import { boardStageLabel, NO_STAGE } from "../lib/deal-board";

export interface StageConflict {
  conflict: WireConflict<ListingWithMeta>;
  attempted: MoveStageInput;
}

interface DealBoardConflictDialogProps {
  value: StageConflict | null;
  onClose(): void;
  /** Moves the card again, from the version saved meanwhile. */
  onOverwrite(move: MoveStageInput): void;
}

/**
 * A move from a stale board (412): the card is already back in the stage saved meanwhile; the
 * same notice as the edit forms says who moved it and when, with Reload (keep theirs) or
 * Overwrite (move it anyway).
 */
export function DealBoardConflictDialog({ value, onClose, onOverwrite }: DealBoardConflictDialogProps) {
  const current = value?.conflict.current;
  return (
    <Dialog open={value !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent data-testid="board-conflict">
        <DialogHeader>
          <DialogTitle>{current ? `${current.listingName} was moved meanwhile` : "Moved meanwhile"}</DialogTitle>
          <DialogDescription>
            {value ? `You moved it to ${boardStageLabel(value.attempted.dealStage ?? NO_STAGE)}; the board now shows its saved stage.` : null}
          </DialogDescription>
        </DialogHeader>
        {value && current ? (
          <EditConflictNotice
            what="listing"
            changedBy={value.conflict.changedBy}
            changedAt={value.conflict.changedAt}
            changes={[{ label: "Deal Stage", value: boardStageLabel(current.dealStage ?? NO_STAGE) }]}
            hint={`Reload keeps their stage; Overwrite moves it to ${boardStageLabel(value.attempted.dealStage ?? NO_STAGE)} anyway.`}
            onReload={onClose}
            onOverwrite={() => {
              onOverwrite({ ...value.attempted, version: current.version });
              onClose();
            }}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
