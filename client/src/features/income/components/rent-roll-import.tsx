// Importing the listing's rent roll from a spreadsheet (docs/guides/spaces-and-income.md): choose
// a CSV or .xlsx file, check which column fills which field, see the tenants that will replace
// the rent roll and every bad value by row and column, then replace it; the import can be undone.
import { useId, useState } from "react";
import { RENT_ROLL_IMPORT_FIELDS, RENT_ROLL_IMPORT_LABELS, type RentRollImportField } from "@shared/rent-roll-import";
import { groupDigits } from "@shared/parse/decimal";
import { formatDollars } from "@shared/parse/money";
import { Button } from "@/components/ui/button";
import { NativeSelect } from "@/components/ui/native-select";
import { errorMessage } from "@/lib/api-client";
import { IMPORT_FILE_ACCEPT, importFileProblem, readImportFile } from "@/features/imports/lib/read-import-file";
import { useRentRollImport, type RentRollImportPreview, type RentRollImportRequest } from "../api/income";

const plural = (n: number, word: string) => `${groupDigits(n)} ${word}${n === 1 ? "" : "s"}`;

function PreviewTable({ preview }: { preview: RentRollImportPreview }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-left text-sm" data-testid="rent-roll-import-rows">
        <thead className="text-xs text-muted-foreground">
          <tr>
            <th className="py-1 pr-3 font-medium">Row</th>
            <th className="py-1 pr-3 font-medium">Tenant</th>
            <th className="py-1 pr-3 font-medium">Suite</th>
            <th className="py-1 pr-3 font-medium">Size</th>
            <th className="py-1 pr-3 font-medium">Annual rent</th>
            <th className="py-1 pr-3 font-medium">Lease</th>
          </tr>
        </thead>
        <tbody>
          {preview.tenants.map((t) => (
            <tr key={t.row} className="border-t">
              <td className="py-1 pr-3 text-muted-foreground">{t.row}</td>
              <td className="py-1 pr-3">{t.tenant}</td>
              <td className="py-1 pr-3">{t.suite ?? "—"}</td>
              <td className="py-1 pr-3 whitespace-nowrap">{groupDigits(t.sizeSf)} SF</td>
              <td className="py-1 pr-3 whitespace-nowrap">{formatDollars(t.annualRent)}</td>
              <td className="py-1 pr-3 whitespace-nowrap">{[t.leaseStart, t.leaseEnd].map((d) => d ?? "—").join(" – ")}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function RentRollImport({ listingId, onClose }: { listingId: string; onClose(): void }) {
  const inputId = useId();
  const calls = useRentRollImport(listingId);
  const [request, setRequest] = useState<RentRollImportRequest | null>(null);
  const [preview, setPreview] = useState<RentRollImportPreview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<{ importId: number; text: string } | null>(null);
  const [undone, setUndone] = useState<string | null>(null);
  const busy = calls.preview.isPending || calls.commit.isPending || calls.undo.isPending;

  const show = async (next: RentRollImportRequest) => {
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

  const remap = (index: number, field: RentRollImportField | null) => {
    if (!request || !preview) return;
    void show({ ...request, mapping: preview.mapping.map((f, i) => (i === index ? field : f)) });
  };

  const replace = async () => {
    if (!request || !preview) return;
    try {
      const result = await calls.commit.mutateAsync({ ...request, mapping: preview.mapping });
      setDone({ importId: result.importId, text: `Imported ${plural(result.added, "tenant")} from ${preview.fileName}, replacing ${plural(result.replaced, "tenant")}.` });
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
      setUndone(`Import undone: the previous rent roll (${plural(restored, "tenant")}) is back.`);
    } catch (error) {
      setProblem(errorMessage(error));
    }
  };

  const ready = preview !== null && preview.problems.length === 0 && preview.tenants.length > 0;
  return (
    <div className="grid gap-3 rounded-lg border p-3" data-testid="rent-roll-import">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <label htmlFor={inputId} className="text-sm font-semibold">
          Import the rent roll from a spreadsheet (CSV or .xlsx)
        </label>
        <Button type="button" size="sm" variant="ghost" onClick={onClose}>
          Close
        </Button>
      </div>
      <input id={inputId} type="file" accept={IMPORT_FILE_ACCEPT} disabled={busy} className="text-sm" data-testid="rent-roll-import-file" onChange={(e) => void choose(e.target.files?.[0])} />
      <p className="text-xs text-muted-foreground">
        The file's tenants replace the whole rent roll. A file exported from here (rent-roll.csv) imports back as it was; rows of other listings are left out.
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
          <fieldset className="grid gap-2" data-testid="rent-roll-import-mapping">
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
                  <NativeSelect id={selectId} value={preview.mapping[column.index] ?? ""} disabled={busy} onChange={(e) => remap(column.index, (e.target.value || null) as RentRollImportField | null)}>
                    <option value="">Leave out</option>
                    {RENT_ROLL_IMPORT_FIELDS.map((f) => (
                      <option key={f} value={f}>
                        {RENT_ROLL_IMPORT_LABELS[f]}
                      </option>
                    ))}
                  </NativeSelect>
                </div>
              );
            })}
          </fieldset>
          <p className="text-sm" data-testid="rent-roll-import-summary">
            {plural(preview.tenants.length, "tenant")} will replace the {plural(preview.replaces, "tenant")} on the rent roll
            {preview.otherListings ? ` (${plural(preview.otherListings, "row")} of other listings left out)` : ""}.
          </p>
          {preview.problems.length ? (
            <div className="grid gap-1">
              <p className="text-sm font-semibold text-destructive">
                {plural(preview.problems.length, "problem")} to fix in the file or the columns before importing:
              </p>
              <ul className="grid gap-0.5 text-sm text-destructive" data-testid="rent-roll-import-problems">
                {preview.problems.map((p, i) => (
                  <li key={i}>
                    Row {p.row}
                    {p.column ? `, ${p.column}` : ""}: {p.message}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {preview.tenants.length ? <PreviewTable preview={preview} /> : null}
          <div>
            <Button type="button" disabled={!ready || busy} onClick={() => void replace()}>
              Replace the rent roll
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  );
}
