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
import type { ImportKind } from "@shared/imports/contact-fields";
import type { ImportUndoResult } from "../api/undo-import";
import { countOf } from "../lib/import-kind";
import { plural } from "../lib/import-text";

interface UndoImportProps {
  target: ImportKind;
  fileName: string;
  created: number;
  updated: number;
  /** When undo stops being offered (7 days after the import). */
  undoUntil?: string;
  pending: boolean;
  onConfirm(): void;
}

/**
 * What an undo did: the counts, by name the listings it left alone because they changed since,
 * and for contacts what it kept and why (contacts that gained history, opt-outs).
 */
export function UndoSummary({ target, result }: { target: ImportKind; result: ImportUndoResult }) {
  return (
    <div className="grid gap-1 rounded-md border bg-muted/40 px-3 py-2 text-sm" role="status" data-testid="undo-summary">
      <p>
        Undone: {countOf(target, result.deleted)} deleted, {countOf(target, result.restored)} restored to their earlier values
        {result.skipped.length > 0 ? `, ${plural(result.skipped.length, "listing")} skipped` : ""}.
      </p>
      {result.notes?.map((note) => (
        <p key={note} data-testid="undo-note">
          {note}
        </p>
      ))}
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
const UNDO_WARNINGS: Record<ImportKind, string> = {
  listings: "Listings changed since the import are left alone.",
  contacts:
    "A contact that has since sent an inquiry, joined a list, received a campaign or been edited is kept, and opt-outs the import applied stay.",
};

export function UndoImportButton({ target, fileName, created, updated, undoUntil, pending, onConfirm }: UndoImportProps) {
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
            The {countOf(target, created)} that {fileName} created will be deleted, and the {countOf(target, updated)} it updated get their earlier values back.{" "}
            {UNDO_WARNINGS[target]} This cannot be undone again.
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
