import { Undo2 } from "lucide-react";
import { useState } from "react";
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
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/format-date";
import type { ImportUndoResult } from "../api/undo-import";
import { plural } from "../lib/import-text";

interface UndoImportProps {
  fileName: string;
  created: number;
  updated: number;
  /** When undo stops being offered (7 days after the import). */
  undoUntil?: string;
  pending: boolean;
  onConfirm(): void;
}

/** What an undo did: the counts, and by name the listings it left alone because they changed since. */
export function UndoSummary({ result }: { result: ImportUndoResult }) {
  return (
    <div className="grid gap-1 rounded-md border bg-muted/40 px-3 py-2 text-sm" role="status" data-testid="undo-summary">
      <p>
        Undone: {plural(result.deleted, "listing")} deleted, {plural(result.restored, "listing")} restored to their earlier values
        {result.skipped.length > 0 ? `, ${plural(result.skipped.length, "listing")} skipped` : ""}.
      </p>
      {result.skipped.length > 0 ? (
        <>
          <p className="text-muted-foreground">Changed since the import, so left as they are:</p>
          <ul className="list-disc pl-5" data-testid="undo-skipped">
            {result.skipped.map((s) => (
              <li key={s.id} className="break-words">
                {s.name}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </div>
  );
}

/**
 * "Undo this import", behind a confirmation that says what it will and will not do. The caller
 * holds the undo (useUndoImport): this button disappears once the import reads as undone, and
 * the answer must outlive it.
 */
export function UndoImportButton({ fileName, created, updated, undoUntil, pending, onConfirm }: UndoImportProps) {
  const [open, setOpen] = useState(false);
  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <Button variant="outline" onClick={() => setOpen(true)} loading={pending} data-testid="undo-import">
        {pending ? null : <Undo2 aria-hidden />}
        Undo this import
      </Button>
      <AlertDialogContent data-testid="undo-confirm">
        <AlertDialogHeader>
          <AlertDialogTitle>Undo this import?</AlertDialogTitle>
          <AlertDialogDescription>
            The {plural(created, "listing")} that {fileName} created will be deleted, and the {plural(updated, "listing")} it updated get their earlier values back.
            Listings changed since the import are left alone. This cannot be undone again.
            {undoUntil ? ` (Possible until ${formatDateTime(undoUntil)}.)` : ""}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction onClick={onConfirm}>Undo import</AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
