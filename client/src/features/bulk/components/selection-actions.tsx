import { Download, PencilLine, Trash2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { useExportListings } from "@/features/csv/api/export-listings";
import { LazyBulkDeleteDialog, LazyBulkEditDialog } from "./lazy-bulk-dialogs";
import { SetStageMenu } from "./set-stage-menu";

export interface SelectionActionsProps {
  selectedIds: string[];
  onClearSelection(): void;
}

/**
 * Bulk Edit, Set deal stage, Export Selected and Delete Selected for the selection bar. On phones they take a
 * row of their own, with shorter visible words (the full name stays for screen readers).
 */
export function SelectionActions({ selectedIds, onClearSelection }: SelectionActionsProps) {
  const [dialog, setDialog] = useState<"edit" | "delete" | null>(null);
  const exportSelected = useExportListings();
  const close = (open: boolean) => (open ? undefined : setDialog(null));

  return (
    <div className="flex items-center gap-2 max-sm:order-last max-sm:grid max-sm:w-full max-sm:grid-cols-4" data-testid="selection-actions">
      <Button
        variant="outline"
        size="sm"
        onClick={() => setDialog("edit")}
        onPointerEnter={LazyBulkEditDialog.preload}
        onFocus={LazyBulkEditDialog.preload}
      >
        <PencilLine aria-hidden />
        <span>
          <span className="max-sm:sr-only">Bulk </span>Edit
        </span>
      </Button>
      <SetStageMenu selectedIds={selectedIds} />
      <Button variant="outline" size="sm" loading={exportSelected.isPending} onClick={() => exportSelected.mutate(selectedIds)}>
        {exportSelected.isPending ? null : <Download aria-hidden />}
        <span>
          Export<span className="max-sm:sr-only"> Selected</span>
        </span>
      </Button>
      <Button
        variant="outline"
        size="sm"
        className="text-destructive hover:bg-destructive/10 hover:text-destructive"
        onClick={() => setDialog("delete")}
        onPointerEnter={LazyBulkDeleteDialog.preload}
        onFocus={LazyBulkDeleteDialog.preload}
      >
        <Trash2 aria-hidden />
        <span>
          Delete<span className="max-sm:sr-only"> Selected</span>
        </span>
      </Button>
      <LazyBulkEditDialog open={dialog === "edit"} onOpenChange={close} ids={selectedIds} />
      <LazyBulkDeleteDialog
        open={dialog === "delete"}
        onOpenChange={close}
        ids={selectedIds}
        onFinished={(run) => {
          // Failed and skipped listings stay selected for another try; deleted ones leave the
          // selection by themselves as they leave the list.
          if (run.failed.length === 0 && run.skipped.length === 0) onClearSelection();
        }}
      />
    </div>
  );
}
