import { Archive, Building2, CircleCheck, CircleX, FilePlus2, History, RefreshCw, type LucideIcon } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { commitCounts, type ImportCommitResult } from "../api/commit-import";
import { useImport } from "../api/get-import";
import { useUndoImport } from "../api/undo-import";
import type { ImportPreview } from "../lib/wizard-state";
import { StepSection } from "./notice";
import { IMPORTS_PATH } from "./open-import-wizard";
import { UndoImportButton, UndoSummary } from "./undo-import";

function Count({ icon: Icon, label, value, tone }: { icon: LucideIcon; label: string; value: number; tone: string }) {
  return (
    <div className="grid gap-0.5 rounded-lg border bg-surface px-3 py-2" data-testid={`result-${label.toLowerCase()}`}>
      <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <Icon aria-hidden className={cn("size-3.5", value > 0 ? tone : "text-muted-foreground")} />
        {label}
      </dt>
      <dd className="text-lg font-semibold tabular-nums leading-tight">{value.toLocaleString("en-US")}</dd>
    </div>
  );
}

interface ResultStepProps {
  preview: ImportPreview;
  result: ImportCommitResult;
  onAnother(): void;
}

/** What the import did, the way back (undo), and the way on (the listings, the next file). */
export function ResultStep({ preview, result, onAnother }: ResultStepProps) {
  const { created, updated, failed } = commitCounts(result);
  const record = useImport(preview.id);
  const undo = useUndoImport();
  const undoable = !undo.data && (undo.isPending || (record.data?.undoable ?? true)) && created + updated > 0;
  return (
    <StepSection id="wizard-result" title="Import finished" description={`${preview.fileName} is imported.`}>
      <dl className="grid grid-cols-3 gap-2" data-testid="import-result-counts">
        <Count icon={CircleCheck} label="Created" value={created} tone="text-success" />
        <Count icon={RefreshCw} label="Updated" value={updated} tone="text-primary" />
        <Count icon={CircleX} label="Failed" value={failed} tone="text-destructive" />
      </dl>
      {failed > 0 ? (
        <ul
          aria-label="Rows not imported"
          // Focusable so that a long list scrolls from the keyboard too (axe: scrollable-region-focusable).
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see the line above
          tabIndex={0}
          className="max-h-40 min-h-11 overflow-y-auto rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive"
          data-testid="result-failed-rows"
        >
          {result.failed.map((f) => (
            <li key={f.row} className="break-words">
              <span className="font-semibold">Row {f.row}:</span> {f.error}
            </li>
          ))}
        </ul>
      ) : null}
      {undo.data ? <UndoSummary result={undo.data} /> : null}
      <div className="flex flex-wrap gap-2">
        <Button asChild>
          <Link href="/">
            <Building2 aria-hidden />
            Active Listings
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/not-in-use">
            <Archive aria-hidden />
            Not In Use
          </Link>
        </Button>
        {undoable ? (
          <UndoImportButton
            fileName={preview.fileName}
            created={created}
            updated={updated}
            undoUntil={record.data?.undoUntil}
            pending={undo.isPending}
            onConfirm={() => undo.mutate(preview.id)}
          />
        ) : null}
        <Button variant="outline" onClick={onAnother}>
          <FilePlus2 aria-hidden />
          Import another file
        </Button>
        <Button asChild variant="ghost">
          <Link href={IMPORTS_PATH}>
            <History aria-hidden />
            Import history
          </Link>
        </Button>
      </div>
    </StepSection>
  );
}
