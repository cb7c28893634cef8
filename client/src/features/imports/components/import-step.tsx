import { ArrowLeft, RefreshCw } from "lucide-react";
import { Link } from "wouter";
import { Button } from "@/components/ui/button";
import { Progress } from "@/components/ui/progress";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useImport } from "../api/get-import";
import { plural } from "../lib/import-text";
import { rowsToImport, type ImportPreview } from "../lib/wizard-state";
import { Notice, StepSection } from "./notice";
import { IMPORTS_PATH } from "./open-import-wizard";

interface ImportStepProps {
  preview: ImportPreview;
  pending: boolean;
  error: unknown;
  /** A new preview is being made after the old one expired; and why that failed, if it did. */
  previewing: boolean;
  previewError: string | null;
  onRetry(): void;
  onPreviewAgain(): void;
  onBack(): void;
}

function CommitProgress({ preview }: { preview: ImportPreview }) {
  // The commit answers only when it is done; the import's own record says how far it got.
  const status = useImport(preview.id);
  const total = status.data?.progress?.total ?? rowsToImport(preview);
  const done = Math.min(status.data?.progress?.done ?? 0, total);
  return (
    <div className="grid gap-2" data-testid="commit-progress">
      <Progress value={done} max={total} aria-label="Import progress" />
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Importing… {done.toLocaleString("en-US")} of {plural(total, "row")} written. Keep this page open.
      </p>
    </div>
  );
}

/** The commit: a progress bar while it runs, and what to do when it is refused. */
export function ImportStep({ preview, pending, error, previewing, previewError, onRetry, onPreviewAgain, onBack }: ImportStepProps) {
  const status = error instanceof ApiError ? error.status : null;
  return (
    <StepSection id="wizard-import" title="Import" description={`Writing ${plural(rowsToImport(preview), "listing")} from ${preview.fileName} in one go: all of them or none.`}>
      {pending ? <CommitProgress preview={preview} /> : null}
      {!pending && status === 410 ? (
        <div className="grid gap-3" data-testid="commit-expired">
          <Notice tone="error">{errorMessage(error)} Previews are kept for one hour; nothing was imported.</Notice>
          {previewError ? <Notice tone="error">{previewError}</Notice> : null}
          <Button className="justify-self-start" onClick={onPreviewAgain} loading={previewing}>
            {previewing ? null : <RefreshCw aria-hidden />}
            Preview again
          </Button>
        </div>
      ) : null}
      {!pending && status === 409 ? (
        <div className="grid gap-3" data-testid="commit-conflict">
          <Notice tone="error">
            {errorMessage(error)} Another import may be running, or this file was imported already: see the{" "}
            <Link href={IMPORTS_PATH} className="font-medium underline underline-offset-4">
              import history
            </Link>
            .
          </Notice>
          <Button variant="outline" className="justify-self-start" onClick={onRetry}>
            <RefreshCw aria-hidden />
            Try again
          </Button>
        </div>
      ) : null}
      {!pending && error && status !== 409 && status !== 410 ? (
        <div className="grid gap-3" data-testid="commit-failed">
          <Notice tone="error">{errorMessage(error, "The import failed; nothing was written.")}</Notice>
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={onBack}>
              <ArrowLeft aria-hidden />
              Back to the preview
            </Button>
            <Button onClick={onRetry}>
              <RefreshCw aria-hidden />
              Try again
            </Button>
          </div>
        </div>
      ) : null}
    </StepSection>
  );
}
