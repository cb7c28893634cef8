import { FileSpreadsheet, Upload } from "lucide-react";
import { useId, useRef, useState, type DragEvent } from "react";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
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
  const inputRef = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const choose = (file: File | undefined) => {
    // Cleared, so choosing the same file again (after fixing it) still fires a change.
    if (inputRef.current) inputRef.current.value = "";
    if (file && !busy) onChoose(file);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  };

  return (
    <StepSection
      id="import-file-step"
      title="Choose a spreadsheet"
      description="A CSV file (any delimiter, UTF-8, UTF-16 or Windows-1252) or an Excel workbook (.xlsx), up to 100,000 rows. Nothing is saved until you import."
    >
      <label
        htmlFor={inputId}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          "flex min-h-24 cursor-pointer items-center gap-3 rounded-lg border border-dashed border-input bg-surface px-4 py-4 transition-colors hover:bg-accent/60 has-[:focus-visible]:border-ring has-[:focus-visible]:ring-3 has-[:focus-visible]:ring-ring/20",
          dragging && "border-primary bg-primary/5",
          busy && "pointer-events-none opacity-70",
        )}
        data-testid="wizard-file-drop"
      >
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={IMPORT_FILE_ACCEPT}
          className="sr-only"
          disabled={busy}
          onChange={(event) => choose(event.target.files?.[0])}
          data-testid="wizard-file-input"
        />
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
      </label>
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
