import { AlertTriangle } from "lucide-react";
import type { ImportResult } from "@shared/csv-columns";
import { FailedRows, RowCounts } from "@/components/ui/row-results";
import { countImportActions } from "../api/import-listings";

/** What an import did: counts, the columns it did not read, and every row it refused and why. */
export function ImportResultSummary({ result }: { result: ImportResult }) {
  const { created, updated, unchanged, failed } = countImportActions(result);
  return (
    <section aria-labelledby="import-result-heading" className="grid gap-3" data-testid="import-result">
      <h3 id="import-result-heading" className="text-sm font-semibold">
        Import result
      </h3>
      <RowCounts created={created} updated={updated} unchanged={unchanged} failed={failed} testIdPrefix="import" />
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
          <FailedRows
            rows={result.failed}
            labelledBy="import-failed-heading"
            className="max-h-32 text-xs leading-5 focus-visible:outline-2 focus-visible:outline-destructive"
            data-testid="import-failed-rows"
          />
        </div>
      ) : null}
    </section>
  );
}
