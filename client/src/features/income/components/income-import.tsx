// Importing the listing's rent roll or spaces from a spreadsheet (docs/guides/spaces-and-income.md):
// choose a CSV or .xlsx file, check which column fills which field, see the rows that will replace
// the listing's and every bad value by row and column, then replace them; the import can be undone.
import { useId, useState, type ReactNode } from "react";
import { INCOME_IMPORT_FIELDS, INCOME_IMPORT_LABELS, type ImportedSpace, type ImportedTenant, type IncomeImportField, type IncomeImportKind } from "@shared/income-import";
import { groupDigits } from "@shared/parse/decimal";
import { formatDollars, formatDollarsAndCents } from "@shared/parse/money";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { errorMessage } from "@/lib/api-client";
import { IMPORT_FILE_ACCEPT, importFileProblem, readImportFile } from "@/features/imports/lib/read-import-file";
import { useIncomeImport, type IncomeImportPreview, type IncomeImportRequest } from "../api/income";

const plural = (n: number, word: string) => `${groupDigits(n)} ${word}${n === 1 ? "" : "s"}`;

type Row = (ImportedTenant | ImportedSpace) & { row: number };
interface PreviewColumn {
  label: string;
  cell(row: Row): ReactNode;
}
const dash = (v: string | null) => v ?? "—";
const size = (r: Row) => `${groupDigits(r.sizeSf)} SF`;

/** Per kind: the nouns its sentences use, and the columns its preview shows. */
const KIND_TEXT: Record<IncomeImportKind, { title: string; one: string; what: string; replaces: string; columns: PreviewColumn[] }> = {
  "rent-roll": {
    title: "Import the rent roll from a spreadsheet (CSV or .xlsx)",
    one: "tenant",
    what: "rent roll",
    replaces: "The file's tenants replace the whole rent roll.",
    columns: [
      { label: "Tenant", cell: (r) => (r as ImportedTenant).tenant },
      { label: "Suite", cell: (r) => dash(r.suite) },
      { label: "Size", cell: size },
      { label: "Annual rent", cell: (r) => formatDollars((r as ImportedTenant).annualRent) },
      { label: "Lease", cell: (r) => [(r as ImportedTenant).leaseStart, (r as ImportedTenant).leaseEnd].map(dash).join(" – ") },
    ],
  },
  spaces: {
    title: "Import the spaces from a spreadsheet (CSV or .xlsx)",
    one: "space",
    what: "spaces",
    replaces: "The file's spaces replace all the listing's spaces (imported spaces have no photos).",
    columns: [
      { label: "Suite", cell: (r) => r.suite },
      { label: "Size", cell: size },
      { label: "Rate", cell: (r) => ((r as ImportedSpace).rate === null ? "—" : `${formatDollarsAndCents((r as ImportedSpace).rate as number)}/${(r as ImportedSpace).rateUnit}`) },
      { label: "Lease type", cell: (r) => dash((r as ImportedSpace).leaseType) },
      { label: "Available", cell: (r) => dash((r as ImportedSpace).availableOn) },
      { label: "Status", cell: (r) => (r as ImportedSpace).status },
    ],
  },
};

function PreviewTable({ kind, preview }: { kind: IncomeImportKind; preview: IncomeImportPreview }) {
  const { columns } = KIND_TEXT[kind];
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="income-import-rows">
        <thead className="text-xs text-muted-foreground">
          <tr>
            <th className="py-1 pr-3 font-medium">Row</th>
            {columns.map((c) => (
              <th key={c.label} className="py-1 pr-3 font-medium">
                {c.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {preview.rows.map((r) => (
            <tr key={r.row} className="border-t">
              <td className="py-1 pr-3 text-muted-foreground">{r.row}</td>
              {columns.map((c) => (
                <td key={c.label} className="py-1 pr-3 whitespace-nowrap">
                  {c.cell(r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function IncomeImport({ kind, listingId, onClose }: { kind: IncomeImportKind; listingId: string; onClose(): void }) {
  const text = KIND_TEXT[kind];
  const inputId = useId();
  const calls = useIncomeImport(listingId, kind);
  const [request, setRequest] = useState<IncomeImportRequest | null>(null);
  const [preview, setPreview] = useState<IncomeImportPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<{ importId: number; text: string } | null>(null);
  const [undone, setUndone] = useState<string | null>(null);
  const busy = calls.preview.isPending || calls.commit.isPending || calls.undo.isPending;

  const show = async (next: IncomeImportRequest) => {
    setProblem(null);
    setRequest(next);
    try {
      setPreview(await calls.preview.mutateAsync(next));
    } catch (error) {
      setPreview(null);
      setProblem(errorMessage(error));
    }
  };

  const choose = async (file: File | undefined) => {
    if (!file) return;
    setDone(null);
    setUndone(null);
    const refused = importFileProblem(file);
    if (refused) {
      setPreview(null);
      setProblem(refused);
      return;
    }
    const source = await readImportFile(file);
    await show({ fileName: source.fileName, content: source.content, encoding: "base64" });
  };

  const remap = (index: number, field: IncomeImportField | null) => {
    if (!request || !preview) return;
    void show({ ...request, mapping: preview.mapping.map((f, i) => (i === index ? field : f)) });
  };

  const replace = async () => {
    if (!request || !preview) return;
    try {
      const result = await calls.commit.mutateAsync({ ...request, mapping: preview.mapping });
      setDone({ importId: result.importId, text: `Imported ${plural(result.added, text.one)} from ${preview.fileName}, replacing ${plural(result.replaced, text.one)}.` });
      setPreview(null);
      setRequest(null);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  const undo = async () => {
    if (!done) return;
    try {
      const { restored } = await calls.undo.mutateAsync(done.importId);
      setDone(null);
      setUndone(`Import undone: the previous ${text.what} (${plural(restored, text.one)}) ${kind === "spaces" ? "are" : "is"} back.`);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  const ready = preview !== null && preview.problems.length === 0 && preview.rows.length > 0;
  return (
    <div className="grid gap-3 rounded-lg border p-3" data-testid={`${kind}-import`}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={inputId} className="text-sm font-semibold">
          {text.title}
        </label>
        <Button type="button" size="sm" variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
      <input id={inputId} type="file" accept={IMPORT_FILE_ACCEPT} disabled={busy} className="text-sm" data-testid="income-import-file" onChange={(e) => {
          const file = e.target.files?.[0];
          // Cleared, so choosing the same file again (after fixing it) reads it again.
          e.target.value = "";
          void choose(file);
        }}
      />
      <p className="text-xs text-muted-foreground">
        {text.replaces} A file exported from here ({kind}.csv) imports back as it was; rows of other listings are left out.
      </p>
      {calls.preview.isPending ? <p className="text-sm text-muted-foreground">Reading the file…</p> : null}
      {problem ? (
        <p role="alert" className="text-sm text-destructive">
          {problem}
        </p>
      ) : null}
      {done ? (
        <div className="flex flex-wrap items-center gap-2" role="status">
          <p className="text-sm">{done.text}</p>
          <Button type="button" size="sm" variant="outline" disabled={busy} onClick={() => void undo()}>
            Undo import
          </Button>
        </div>
      ) : null}
      {undone ? (
        <p className="text-sm" role="status">
          {undone}
        </p>
      ) : null}
      {preview ? (
        <div className="grid gap-3">
          {preview.sheets && preview.sheets.length > 1 && request ? (
            <div className="grid gap-1 sm:max-w-xs">
              <label htmlFor={`${inputId}-sheet`} className="text-sm font-medium">
                Sheet
              </label>
              {/* Another sheet has other columns: its mapping is suggested afresh. */}
              <NativeSelect id={`${inputId}-sheet`} value={preview.sheet ?? ""} disabled={busy} onChange={(e) => void show({ ...request, sheet: e.target.value, mapping: null })}>
                {preview.sheets.map((sheet) => (
                  <option key={sheet} value={sheet}>
                    {sheet}
                  </option>
                ))}
              </NativeSelect>
            </div>
          ) : null}
          <fieldset className="grid gap-2" data-testid="income-import-mapping">
            <legend className="mb-1 text-sm font-semibold">Columns</legend>
            {preview.columns.map((column) => {
              const selectId = `${inputId}-column-${column.index}`;
              const header = column.header || `Column ${column.index + 1}`;
              return (
                <div key={column.index} className="grid gap-1 sm:grid-cols-[minmax(0,1fr)_minmax(0,16rem)] sm:items-center sm:gap-3">
                  <label htmlFor={selectId} className="min-w-0 text-sm">
                    <span className="font-medium">{header}</span>
                    {column.samples.length ? <span className="ml-2 break-words text-xs text-muted-foreground">{column.samples.join(" · ")}</span> : null}
                  </label>
                  <NativeSelect id={selectId} value={preview.mapping[column.index] ?? ""} disabled={busy} onChange={(e) => remap(column.index, (e.target.value || null) as IncomeImportField | null)}>
                    <option value="">Leave out</option>
                    {INCOME_IMPORT_FIELDS[kind].map((f) => (
                      <option key={f} value={f}>
                        {INCOME_IMPORT_LABELS[kind][f]}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
              );
            })}
          </fieldset>
          <p className="text-sm" data-testid="income-import-summary">
            {plural(preview.rows.length, text.one)} will replace the {plural(preview.replaces, text.one)} {kind === "spaces" ? "of the listing" : "on the rent roll"}
            {preview.otherListings ? ` (${plural(preview.otherListings, "row")} of other listings left out)` : ""}.
          </p>
          {preview.problems.length ? (
            <div className="grid gap-1">
              <p className="text-sm font-semibold text-destructive">
                {plural(preview.problems.length, "problem")} to fix in the file or the columns before importing:
              </p>
              <ul className="grid gap-0.5 text-sm text-destructive" data-testid="income-import-problems">
                {preview.problems.map((p, i) => (
                  <li key={i}>
                    Row {p.row}
                    {p.column ? `, ${p.column}` : ""}: {p.message}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {preview.rows.length ? <PreviewTable kind={kind} preview={preview} /> : null}
          <div>
            <Button type="button" disabled={!ready || busy} onClick={() => void replace()}>
              {kind === "spaces" ? "Replace the spaces" : "Replace the rent roll"}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}

/** "Import from a spreadsheet" on a section, opening the importer in its place. */
export function IncomeImportToggle({ kind, listingId }: { kind: IncomeImportKind; listingId: string }) {
  const [open, setOpen] = useState(false);
  if (open) return <IncomeImport kind={kind} listingId={listingId} onClose={() => setOpen(false)} />;
  return (
    <div>
      <Button type="button" size="sm" variant="outline" onClick={() => setOpen(true)}>
        Import from a spreadsheet
      </Button>
    </div>
  );
}
