import { ArrowRight, Download, FileSpreadsheet, Upload } from "lucide-react";
import { useId, useRef, useState } from "react";
import { csvTemplateText, importRequestSchema, REQUIRED_CSV_COLUMNS, type ImportResult } from "@shared/csv-columns";
import { Button } from "@/components/ui/button";
import { FileDropZone } from "@/components/ui/file-drop-zone";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toastError } from "@/components/ui/use-toast";
import { useAgents } from "@/features/agents/api/get-agents";
import { useOpenImportWizard } from "@/features/imports/components/open-import-wizard";
import { errorMessage } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { downloadBlob } from "@/lib/download-file";
import { IMPORT_FAILED, useImportListings } from "../api/import-listings";
import { isCsvFileName, readCsvFile } from "../lib/read-csv-file";
import { isTemplateFile } from "../lib/template-header";
import { ImportResultSummary } from "./import-result-summary";

export interface ImportCsvDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
}

export const TEMPLATE_FILE_NAME = "listings-template.csv";

// Radix Select items cannot have an empty value, so "no agent" needs a token of its own.
const NO_AGENT = "none";

function downloadTemplate() {
  downloadBlob(new Blob([csvTemplateText()], { type: "text/csv;charset=utf-8" }), TEMPLATE_FILE_NAME);
}

function formatSize(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function AgentSelect({ value, onChange }: { value: string; onChange(value: string): void }) {
  const agents = useAgents();
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>Assign to agent</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} aria-describedby={`${id}-hint`} data-testid="import-agent">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={NO_AGENT}>None</SelectItem>
          {(agents.data ?? []).map((agent) => (
            <SelectItem key={agent.id} value={agent.id}>
              {agent.name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {agents.isError
          ? "The agent list could not be loaded."
          : "Optional. Every imported listing is assigned to this agent, whatever the file's Agent column says."}
      </p>
    </div>
  );
}

interface FilePickerProps {
  file: File | null;
  onChoose(file: File | null): void;
  /** A file refused by name (spec §5), so the dialog can say so beside the toast. */
  onRefuse(file: File): void;
}

function FilePicker({ file, onChoose, onRefuse }: FilePickerProps) {
  const inputId = useId();

  const choose = (chosen: File) => {
    if (!isCsvFileName(chosen.name)) {
      toastError("Invalid file", "Please select a CSV file");
      onChoose(null);
      onRefuse(chosen);
      return;
    }
    onChoose(chosen);
  };

  return (
    <div className="grid gap-1.5">
      <Label htmlFor={inputId}>CSV file</Label>
      <FileDropZone
        inputId={inputId}
        accept=".csv,text/csv"
        onFile={choose}
        className={cn(file && "border-solid")}
        testId="import-file-drop"
        inputTestId="import-file-input"
      >
        <span
          aria-hidden
          className={cn(
            "flex size-10 shrink-0 items-center justify-center rounded-full",
            file ? "bg-success/12 text-success" : "bg-muted text-muted-foreground",
          )}
        >
          {file ? <FileSpreadsheet className="size-5" /> : <Upload className="size-5" />}
        </span>
        {file ? (
          <span className="grid min-w-0 flex-1 gap-0.5">
            <span className="truncate text-sm font-medium" data-testid="import-file-name">
              {file.name}
            </span>
            <span className="text-xs text-muted-foreground">{formatSize(file.size)} · Choose another file</span>
          </span>
        ) : (
          <span className="grid gap-0.5">
            <span className="text-sm font-medium">Choose a CSV file</span>
            <span className="text-xs text-muted-foreground max-sm:hidden">or drag it here</span>
          </span>
        )}
      </FileDropZone>
    </div>
  );
}

/** The dialog's body, mounted only while it is open, so every opening starts afresh. */
function ImportCsvForm({ onClose, onBusyChange }: { onClose(): void; onBusyChange(busy: boolean): void }) {
  const [file, setFile] = useState<File | null>(null);
  const [agentId, setAgentId] = useState(NO_AGENT);
  const [reading, setReading] = useState(false);
  const [result, setResult] = useState<ImportResult | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  /** A refused workbook, which the wizard can take instead. */
  const [workbook, setWorkbook] = useState<File | null>(null);
  /** The chosen file's columns are not the template's: Import hands it to the wizard. */
  const [forWizard, setForWizard] = useState(false);
  const chosenFile = useRef<File | null>(null);
  const importListings = useImportListings();
  const openImportWizard = useOpenImportWizard();
  const agents = useAgents();
  // The agent chosen here goes with the file: the wizard assigns every listing to it, as Import would.
  const openWizard = (chosen?: File) =>
    openImportWizard(chosen, { agentName: agentId === NO_AGENT ? undefined : agents.data?.find((a) => a.id === agentId)?.name });
  const busy = reading || importListings.isPending;

  const chooseFile = (chosen: File | null) => {
    setFile(chosen);
    setResult(null);
    setFileError(null);
    setWorkbook(null);
    setForWizard(false);
    chosenFile.current = chosen;
    // The header is in the first bytes; reading only those keeps a big file's choice instant.
    // A failed read says nothing here: Import reads the whole file and reports it.
    if (chosen) {
      void readCsvFile(chosen.slice(0, 64 * 1024)).then(
        (head) => chosenFile.current === chosen && setForWizard(!isTemplateFile(head)),
        () => undefined,
      );
    }
  };

  const refuseFile = (refused: File) => {
    setFileError("Please select a CSV file");
    if (/\.xlsx$/i.test(refused.name)) setWorkbook(refused);
  };

  const start = async () => {
    if (!file || busy) return;
    if (forWizard) {
      openWizard(file);
      return;
    }
    setFileError(null);
    setReading(true);
    onBusyChange(true);
    let csvData: string;
    try {
      csvData = await readCsvFile(file);
    } catch (error) {
      // The file moved or its permission was withdrawn after it was chosen.
      setReading(false);
      onBusyChange(false);
      const message = errorMessage(error, "The file could not be read.");
      setFileError(message);
      toastError(IMPORT_FAILED, message);
      return;
    }
    setReading(false);
    // Decided again on the whole text: the choice-time check may not have finished.
    if (!isTemplateFile(csvData)) {
      onBusyChange(false);
      openWizard(file);
      return;
    }
    const request = importRequestSchema.safeParse({ csvData, agentId: agentId === NO_AGENT ? null : agentId });
    if (!request.success) {
      onBusyChange(false);
      const message = request.error.issues[0]?.message ?? IMPORT_FAILED;
      setFileError(message);
      toastError(IMPORT_FAILED, message);
      return;
    }
    importListings.mutate(request.data, {
      onSuccess: (answer) => {
        setResult(answer);
        // Imported: choosing the next file is the only thing left to do with the picker.
        setFile(null);
      },
      onError: (error) => setFileError(errorMessage(error)),
      onSettled: () => onBusyChange(false),
    });
  };

  return (
    <>
      <DialogHeader>
        <DialogTitle>Import CSV</DialogTitle>
        <DialogDescription>
          Add listings from a spreadsheet. A row with the same listing name and address as an existing listing updates it.
        </DialogDescription>
      </DialogHeader>

      <div className="grid gap-4">
        <FilePicker file={file} onChoose={chooseFile} onRefuse={refuseFile} />
        {fileError ? (
          <div
            role="alert"
            className="grid gap-1 rounded-md border border-destructive/30 bg-destructive/5 px-3 py-2 text-xs leading-5 text-destructive"
            data-testid="import-error"
          >
            <p>{fileError}</p>
            {workbook ? (
              <Button variant="link" size="sm" className="h-auto justify-self-start text-xs" onClick={() => openWizard(workbook)}>
                Import this Excel workbook with the import wizard
                <ArrowRight aria-hidden className="size-3.5" />
              </Button>
            ) : null}
          </div>
        ) : null}
        {forWizard ? (
          <p className="rounded-md bg-primary/5 px-3 py-2 text-xs leading-5" role="status" data-testid="import-for-wizard">
            These columns are not the template&apos;s. Import opens the import wizard, where you match them to listing fields and check a preview first.
          </p>
        ) : null}

        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 rounded-lg bg-muted/60 px-3 py-2.5">
          <p className="min-w-0 flex-1 basis-56 text-xs leading-5 text-muted-foreground">
            The first row names the columns. Required: {REQUIRED_CSV_COLUMNS.join(", ")}. Deal facts columns, as Export writes
            them (Property Type, Asking Price, Lease Rate, Building Size (SF), Cap Rate (%), …), are read too.
          </p>
          <div className="flex flex-col items-start gap-1">
            <Button variant="link" size="sm" className="h-5 text-xs" onClick={downloadTemplate}>
              <Download aria-hidden className="size-3.5" />
              Download template
            </Button>
            <Button variant="link" size="sm" className="h-5 text-xs" onClick={() => openWizard()}>
              <FileSpreadsheet aria-hidden className="size-3.5" />
              Import any spreadsheet
            </Button>
          </div>
        </div>

        <AgentSelect value={agentId} onChange={setAgentId} />

        {result ? <ImportResultSummary result={result} /> : null}
      </div>

      <DialogFooter>
        <Button variant="outline" onClick={onClose} disabled={busy}>
          {result ? "Close" : "Cancel"}
        </Button>
        <Button onClick={() => void start()} disabled={!file} loading={busy}>
          {busy ? "Importing..." : "Import"}
        </Button>
      </DialogFooter>
    </>
  );
}

export function ImportCsvDialog({ open, onOpenChange }: ImportCsvDialogProps) {
  const [busy, setBusy] = useState(false);
  return (
    // Closing mid-import would hide the result of a write that still happens.
    <Dialog open={open} onOpenChange={(next) => (busy ? undefined : onOpenChange(next))}>
      <DialogContent data-testid="import-dialog" hideClose={busy} className="max-w-xl">
        <ImportCsvForm onClose={() => onOpenChange(false)} onBusyChange={setBusy} />
      </DialogContent>
    </Dialog>
  );
}
