import { FileSpreadsheet, Upload } from "lucide-react";
import { useId } from "react";
import { FileDropZone } from "@/components/ui/file-drop-zone";
import { Spinner } from "@/components/ui/spinner";
import { IMPORT_FILE_ACCEPT } from "../lib/read-import-file";
import { Notice, StepSection } from "./notice";

interface FileStepProps {
  fileName: string | null;
  busy: boolean;
  error: string | null;
  onChoose(file: File): void;
}

/** Choosing the file: a CSV in any delimiter and encoding, or an Excel workbook. */
export function FileStep({ fileName, busy, error, onChoose }: FileStepProps) {
  const inputId = useId();
  return (
    <StepSection
      id="import-file-step"
      title="Choose a spreadsheet"
      description="A CSV file (any delimiter, UTF-8, UTF-16 or Windows-1252) or an Excel workbook (.xlsx), up to 100,000 rows. Nothing is saved until you import."
    >
      <FileDropZone
        inputId={inputId}
        accept={IMPORT_FILE_ACCEPT}
        disabled={busy}
        onFile={onChoose}
        className="min-h-24"
        testId="wizard-file-drop"
        inputTestId="wizard-file-input"
      >
        <span aria-hidden className="flex size-10 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
          {fileName ? <FileSpreadsheet className="size-5" /> : <Upload className="size-5" />}
        </span>
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="truncate text-sm font-medium">{fileName ?? "Choose a CSV or Excel file"}</span>
          <span className="text-xs text-muted-foreground">
            {busy ? (
              <span className="inline-flex items-center gap-1.5">
                <Spinner label={null} className="size-3.5" />
                Reading the file…
              </span>
            ) : fileName ? (
              "Choose another file"
            ) : (
              <>
                .csv, .tsv, .txt or .xlsx<span className="max-sm:hidden"> · or drag it here</span>
              </>
            )}
          </span>
        </span>
      </FileDropZone>
      {busy ? (
        <p className="sr-only" role="status">
          Reading the file
        </p>
      ) : null}
      {error ? (
        <Notice tone="error" data-testid="wizard-file-error">
          {error}
        </Notice>
      ) : null}
    </StepSection>
  );
}
