// What a run over spreadsheet rows did, shown alike by Import CSV and the import wizard: the
// counts, and every refused row with its reason.
import { CircleCheck, CircleDashed, CircleX, RefreshCw, type LucideIcon } from "lucide-react";
import { cn } from "@/lib/cn";

function Count({ icon: Icon, label, value, tone, testId }: { icon: LucideIcon; label: string; value: number; tone: string; testId: string }) {
  return (
    <div className="grid gap-0.5 rounded-lg border bg-surface px-3 py-2" data-testid={testId}>
      <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <Icon aria-hidden className={cn("size-3.5", value > 0 ? tone : "text-muted-foreground")} />
        {label}
      </dt>
      <dd className="text-lg font-semibold tabular-nums leading-tight">{value.toLocaleString("en-US")}</dd>
    </div>
  );
}

interface RowCountsProps {
  created: number;
  updated: number;
  /** Rows that matched a listing already holding their values: shown when given. */
  unchanged?: number;
  failed: number;
  /** Each count's testid is the prefix and its label ("import-created"). */
  testIdPrefix: string;
  "data-testid"?: string;
}

/** Created, updated (and unchanged) and failed, side by side. */
export function RowCounts({ created, updated, unchanged, failed, testIdPrefix, "data-testid": testId }: RowCountsProps) {
  return (
    <dl className={cn("grid gap-2", unchanged === undefined ? "grid-cols-3" : "grid-cols-2 sm:grid-cols-4")} data-testid={testId}>
      <Count icon={CircleCheck} label="Created" value={created} tone="text-success" testId={`${testIdPrefix}-created`} />
      <Count icon={RefreshCw} label="Updated" value={updated} tone="text-primary" testId={`${testIdPrefix}-updated`} />
      {unchanged === undefined ? null : (
        <Count icon={CircleDashed} label="Unchanged" value={unchanged} tone="text-muted-foreground" testId={`${testIdPrefix}-unchanged`} />
      )}
      <Count icon={CircleX} label="Failed" value={failed} tone="text-destructive" testId={`${testIdPrefix}-failed`} />
    </dl>
  );
}

interface FailedRowsProps {
  rows: readonly { row: number; error: string }[];
  /** Named by a visible heading's id, or by a label of its own. */
  labelledBy?: string;
  label?: string;
  className?: string;
  "data-testid"?: string;
}

/** "Row N: why", one per refused row, in a box that scrolls when the list is long. */
export function FailedRows({ rows, labelledBy, label, className, "data-testid": testId }: FailedRowsProps) {
  return (
    <ul
      aria-labelledby={labelledBy}
      aria-label={label}
      // Focusable so that a long list scrolls from the keyboard too (axe: scrollable-region-focusable).
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see the line above
      tabIndex={0}
      className={cn("overflow-y-auto rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-destructive", className)}
      data-testid={testId}
    >
      {rows.map((f) => (
        <li key={f.row} className="break-words">
          <span className="font-semibold">Row {f.row}:</span> {f.error}
        </li>
      ))}
    </ul>
  );
}
