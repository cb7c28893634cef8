import { AlertTriangle, CircleCheck, CircleX, RefreshCw } from "lucide-react";
import type { LucideIcon } from "lucide-react";
import type { ImportResult } from "@shared/csv-columns";
import { cn } from "@/lib/cn";
import { countImportActions } from "../api/import-listings";

function Stat({ icon: Icon, label, value, tone }: { icon: LucideIcon; label: string; value: number; tone: string }) {
  return (
    <div className="grid gap-0.5 rounded-lg border bg-surface px-3 py-2" data-testid={`import-${label.toLowerCase()}`}>
      <dt className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <Icon aria-hidden className={cn("size-3.5", value > 0 ? tone : "text-muted-foreground")} />
        {label}
      </dt>
      <dd className="text-lg font-semibold tabular-nums leading-tight">{value.toLocaleString()}</dd>
    </div>
  );
}

/** What an import did: counts, the columns it did not read, and every row it refused and why. */
export function ImportResultSummary({ result }: { result: ImportResult }) {
  const { created, updated, failed } = countImportActions(result);
  return (
    <section aria-labelledby="import-result-heading" className="grid gap-3" data-testid="import-result">
      <h3 id="import-result-heading" className="text-sm font-semibold">
        Import result
      </h3>
      <dl className="grid grid-cols-3 gap-2">
        <Stat icon={CircleCheck} label="Created" value={created} tone="text-success" />
        <Stat icon={RefreshCw} label="Updated" value={updated} tone="text-primary" />
        <Stat icon={CircleX} label="Failed" value={failed} tone="text-destructive" />
      </dl>
      {result.ignoredColumns.length > 0 ? (
        <p className="flex gap-2 rounded-md bg-warning/10 px-3 py-2 text-xs leading-5" data-testid="import-ignored-columns">
          <AlertTriangle aria-hidden className="mt-0.5 size-3.5 shrink-0 text-warning" />
          <span>
            {result.ignoredColumns.length === 1 ? "This column was ignored: " : "These columns were ignored: "}
            <span className="font-medium">{result.ignoredColumns.join(", ")}</span>
          </span>
        </p>
      ) : null}
      {failed > 0 ? (
        <div className="grid gap-1.5">
          <p id="import-failed-heading" className="text-xs font-medium text-destructive">
            {failed === 1 ? "1 row was not imported:" : `${failed.toLocaleString()} rows were not imported:`}
          </p>
          <ul
            aria-labelledby="import-failed-heading"
            // Focusable so that a long list scrolls from the keyboard too (axe: scrollable-region-focusable).
            // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see the line above
            tabIndex={0}
            className="max-h-32 overflow-y-auto rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-xs leading-5 text-destructive focus-visible:outline-2 focus-visible:outline-destructive"
            data-testid="import-failed-rows"
          >
            {result.failed.map((f) => (
              <li key={f.row} className="break-words">
                <span className="font-semibold">Row {f.row}:</span> {f.error}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
