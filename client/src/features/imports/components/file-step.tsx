import { FileSpreadsheet, Upload } from "lucide-react";
import { useId } from "react";
import { IMPORT_KINDS, type ImportKind } from "@shared/imports/contact-fields";
import { FileDropZone } from "@/components/ui/file-drop-zone";
import { Spinner } from "@/components/ui/spinner";
import { KIND_LABELS } from "../lib/import-kind";
import { IMPORT_FILE_ACCEPT } from "../lib/read-import-file";
import { Notice, StepSection } from "./notice";

interface FileStepProps {
  target: ImportKind;
  onTarget(target: ImportKind): void;
  fileName: string | null;
  busy: boolean;
  error: string | null;
  onChoose(file: File): void;
}

const KIND_HINTS: Record<ImportKind, string> = {
  listings: "Properties: new ones are created, ones you have are updated.",
  contacts: "People: matched by email, new ones added, ones you have filled in.",
};

/** What the file holds, the step's first choice: listings (the default) or contacts. */
function KindChoice({ value, disabled, onChange }: { value: ImportKind; disabled: boolean; onChange(target: ImportKind): void }) {
  return (
    <fieldset className="grid gap-2" data-testid="import-kind">
      <legend className="mb-2 text-sm font-medium">What does the file hold?</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {IMPORT_KINDS.map((kind) => (
          <label
            key={kind}
            className="grid min-h-11 cursor-pointer grid-cols-[auto_minmax(0,1fr)] items-start gap-x-2 gap-y-0.5 rounded-lg border px-3 py-2 has-[:checked]:border-primary has-[:checked]:bg-primary/5"
          >
            <input type="radio" name="import-kind" value={kind} checked={value === kind} disabled={disabled} onChange={() => onChange(kind)} className="mt-1" />
            <span className="text-sm font-medium">{KIND_LABELS[kind]}</span>
            <span className="col-start-2 text-xs text-muted-foreground">{KIND_HINTS[kind]}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Choosing what the file holds and the file: a CSV in any delimiter and encoding, or an Excel workbook. */
export function FileStep({ target, onTarget, fileName, busy, error, onChoose }: FileStepProps) {
  const inputId = useId();
  return (
    <StepSection
      id="import-file-step"
      title="Choose a spreadsheet"
      description="A CSV file (any delimiter, UTF-8, UTF-16 or Windows-1252) or an Excel workbook (.xlsx), up to 100,000 rows. Nothing is saved until you import."
    >
      <KindChoice value={target} disabled={busy} onChange={onTarget} />
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
