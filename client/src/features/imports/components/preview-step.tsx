import { ArrowLeft, Download, Upload } from "lucide-react";
import { useState } from "react";
import { IMPORT_ACTIONS, type ImportRowAction } from "@shared/imports/wire";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useAgents } from "@/features/agents/api/get-agents";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { importFailuresUrl, useImportRows } from "../api/get-import-rows";
import { plural } from "../lib/import-text";
import { targetLabel } from "../lib/mapping-rules";
import { rowsToImport, valuesLeftToFail, type ImportPreview } from "../lib/wizard-state";
import { Notice, StepSection } from "./notice";
import { PreviewHeader, PreviewRow } from "./preview-row";
import { ACTION_LABELS, countOf } from "../lib/import-kind";

const PAGE_SIZE = 50;

interface PreviewStepProps {
  preview: ImportPreview;
  onBack(): void;
  onImport(): void;
}

function ClassFilter({ preview, value, onChange }: { preview: ImportPreview; value: ImportRowAction | null; onChange(value: ImportRowAction | null): void }) {
  const total = IMPORT_ACTIONS.reduce((sum, a) => sum + preview.summary[a], 0);
  const options: [ImportRowAction | null, string, number][] = [[null, "All", total], ...IMPORT_ACTIONS.map((a) => [a, ACTION_LABELS[preview.target][a], preview.summary[a]] as [ImportRowAction, string, number])];
  return (
    <div className="grid grid-cols-2 gap-2 sm:grid-cols-5" role="group" aria-label="Show rows" data-testid="preview-summary">
      {options.map(([action, label, count]) => (
        <button
          key={label}
          type="button"
          aria-pressed={value === action}
          onClick={() => onChange(action)}
          className={cn(
            "grid min-h-11 gap-0.5 rounded-lg border bg-surface px-3 py-2 text-left transition-colors hover:bg-accent/60 focus-visible:outline-none focus-visible:ring-3 focus-visible:ring-ring/20",
            value === action && "border-primary bg-primary/5",
            action === null && "max-sm:col-span-2",
          )}
          data-testid={`preview-count-${action ?? "all"}`}
          data-count={count}
        >
          <span className="text-xs text-muted-foreground">{label}</span>
          <span className={cn("text-lg font-semibold tabular-nums leading-tight", action === "fail" && count > 0 && "text-destructive")}>{count.toLocaleString("en-US")}</span>
        </button>
      ))}
    </div>
  );
}

function PreviewRows({ preview, action }: { preview: ImportPreview; action: ImportRowAction | null }) {
  const [offset, setOffset] = useState(0);
  const rows = useImportRows(preview.id, { action: action ?? undefined, offset, limit: PAGE_SIZE });
  const agents = useAgents();
  const agentName = (id: string) => agents.data?.find((a) => a.id === id)?.name;
  if (rows.isPending) return <Skeleton className="h-40 w-full" />;
  if (rows.isError) {
    return <Notice tone="error">{errorMessage(rows.error, "Could not load the rows.")}</Notice>;
  }
  const { total } = rows.data;
  if (total === 0) return <p className="rounded-lg border p-6 text-center text-sm text-muted-foreground">No rows here</p>;
  const last = Math.min(offset + PAGE_SIZE, total);
  return (
    <div className="grid gap-3">
      <div className="rounded-lg border">
        <PreviewHeader target={preview.target} />
        <ol aria-busy={rows.isPlaceholderData || undefined} data-testid="preview-rows">
          {rows.data.rows.map((row) => (
            <PreviewRow key={row.row} target={preview.target} row={row} agentName={agentName} />
          ))}
        </ol>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground" data-testid="preview-page">
          Rows {(offset + 1).toLocaleString("en-US")}–{last.toLocaleString("en-US")} of {total.toLocaleString("en-US")}
        </p>
        <div className="flex gap-2">
          <Button variant="outline" size="sm" disabled={offset === 0} onClick={() => setOffset(Math.max(0, offset - PAGE_SIZE))}>
            Previous
          </Button>
          <Button variant="outline" size="sm" disabled={last >= total} onClick={() => setOffset(offset + PAGE_SIZE)}>
            Next
          </Button>
        </div>
      </div>
    </div>
  );
}

/** The dry run: what each row would do, nothing written yet. */
export function PreviewStep({ preview, onBack, onImport }: PreviewStepProps) {
  const [action, setAction] = useState<ImportRowAction | null>(null);
  const toImport = rowsToImport(preview);
  const leftToFail = valuesLeftToFail(preview.valueMaps);
  return (
    <div className="grid gap-4">
      <StepSection id="wizard-preview" title="Preview" description="Nothing has been saved yet. This is what importing the file would do, row by row.">
        <ClassFilter preview={preview} value={action} onChange={setAction} />
        {preview.nameFromAddress ? <Notice data-testid="preview-name-from-address">Listing names are taken from each row's street address.</Notice> : null}
        {preview.duplicateRows > 0 && preview.target === "listings" ? (
          <Notice tone="warning" data-testid="preview-duplicates">
            {plural(preview.duplicateRows, "row")} share{preview.duplicateRows === 1 ? "s" : ""} a match with another row of this file. They are flagged below and never merged; to keep
            them apart, match by another rule.
          </Notice>
        ) : null}
        {preview.warnings.map((warning) => (
          <Notice key={warning} tone="warning" data-testid="preview-warning">
            {warning}
          </Notice>
        ))}
        {leftToFail.length > 0 ? (
          <Notice tone="warning" data-testid="preview-values-left">
            Left to fail: {leftToFail.map((v) => `${plural(v.count, "value")} of ${targetLabel(v.field)}`).join(", ")}.{" "}
            <Button variant="link" className="h-auto p-0 align-baseline" onClick={onBack}>
              Map them
            </Button>
          </Notice>
        ) : null}
        {preview.summary.fail > 0 ? (
          <Button asChild variant="outline" className="justify-self-start">
            <a href={importFailuresUrl(preview.id)} download data-testid="download-failures">
              <Download aria-hidden />
              Download failures (CSV)
            </a>
          </Button>
        ) : null}
        <PreviewRows key={action ?? "all"} preview={preview} action={action} />
      </StepSection>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
        <Button variant="outline" onClick={onBack}>
          <ArrowLeft aria-hidden />
          Back to mapping
        </Button>
        <Button onClick={onImport} disabled={toImport === 0} data-testid="commit-import">
          <Upload aria-hidden />
          {toImport === 0 ? "Nothing to import" : `Import ${countOf(preview.target, toImport)}`}
        </Button>
      </div>
    </div>
  );
}
