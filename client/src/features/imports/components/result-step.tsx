import { Archive, Building2, FilePlus2, History, Users } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { FailedRows, RowCounts } from "@/components/ui/row-results";
import { commitCounts, type ImportCommitResult } from "../api/commit-import";
import { useImport } from "../api/get-import";
import { useUndoImport } from "../api/undo-import";
import type { ImportPreview } from "../lib/wizard-state";
import { StepSection } from "./notice";
import { IMPORTS_PATH } from "./open-import-wizard";
import { UndoImportButton, UndoSummary } from "./undo-import";

interface ResultStepProps {
  preview: ImportPreview;
  result: ImportCommitResult;
  onAnother(): void;
}

/** What the import did, the way back (undo), and the way on (the listings or contacts, the next file). */
export function ResultStep({ preview, result, onAnother }: ResultStepProps) {
  const { created, updated, failed } = commitCounts(result);
  const record = useImport(preview.id);
  const undo = useUndoImport();
  const undoable = !undo.data && (undo.isPending || (record.data?.undoable ?? true)) && created + updated > 0;
  return (
    <StepSection id="wizard-result" title="Import finished" description={`${preview.fileName} is imported.`}>
      <RowCounts
        created={created}
        updated={updated}
        unchanged={record.data?.counts?.unchanged ?? preview.summary.unchanged}
        failed={failed}
        testIdPrefix="result"
        data-testid="import-result-counts"
      />
      {failed > 0 ? (
        <FailedRows rows={result.failed} label="Rows not imported" className="max-h-40 min-h-11 text-sm" data-testid="result-failed-rows" />
      ) : null}
      {undo.data ? <UndoSummary target={preview.target} result={undo.data} /> : null}
      <div className="flex flex-wrap gap-2">
        {preview.target === "contacts" ? (
          <Button asChild>
            <Link href="/contacts">
              <Users aria-hidden />
              Contacts
            </Link>
          </Button>
        ) : (
          <>
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
          </>
        )}
        {undoable ? (
          <UndoImportButton
            target={preview.target}
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
