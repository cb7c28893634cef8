import { FileSpreadsheet } from "lucide-react";
import { IMPORT_CHARSETS, IMPORT_DELIMITERS, type ImportCharset, type ImportDelimiter } from "@shared/imports/wire";
import { NativeSelect } from "@/components/ui/native-select";
import { LabelledControl } from "@/components/ui/label";
import { plural } from "../lib/import-text";
import type { ImportPreview, ReadOptions } from "../lib/wizard-state";

const CHARSET_LABELS: Record<ImportCharset, string> = {
  "utf-8": "UTF-8",
  "utf-16le": "UTF-16 (little-endian)",
  "utf-16be": "UTF-16 (big-endian)",
  "windows-1252": "Windows-1252 (older Excel)",
};
const DELIMITER_LABELS: Record<ImportDelimiter, string> = { ",": "Comma ( , )", ";": "Semicolon ( ; )", "\t": "Tab", "|": "Pipe ( | )" };

interface FileSettingsProps {
  preview: ImportPreview;
  options: ReadOptions;
  busy: boolean;
  onChange(options: ReadOptions): void;
}

/**
 * How the file was read, with what was detected, and the overrides: the sheet of a workbook, the
 * charset and delimiter of a CSV. Changing one reads the file again and proposes its columns anew.
 */
export function FileSettings({ preview, options, busy, onChange }: FileSettingsProps) {
  const rows = preview.summary.create + preview.summary.update + preview.summary.unchanged + preview.summary.fail;
  const detected = (label: string | undefined, overridden: boolean) => (overridden ? "Detect automatically" : `Detected: ${label ?? "unknown"}`);
  return (
    <div className="grid gap-3" data-testid="wizard-file-settings">
      <p className="flex min-w-0 items-center gap-2 text-sm">
        <FileSpreadsheet aria-hidden className="size-4 shrink-0 text-muted-foreground" />
        <span className="truncate font-medium" data-testid="wizard-file-name">
          {preview.fileName}
        </span>
        <span className="shrink-0 text-muted-foreground">
          · {preview.format === "xlsx" ? "Excel workbook" : "CSV"} · {plural(rows, "row")}
        </span>
      </p>
      <div className="grid gap-3 sm:grid-cols-3">
        {preview.format === "xlsx" && preview.sheets && preview.sheets.length > 0 ? (
          <LabelledControl label="Sheet">
            {(id) => (
              <NativeSelect id={id} disabled={busy} value={options.sheet ?? preview.sheet ?? preview.sheets?.[0]} onChange={(e) => onChange({ sheet: e.target.value })}>
                {preview.sheets?.map((sheet) => (
                  <option key={sheet} value={sheet}>
                    {sheet}
                  </option>
                ))}
              </NativeSelect>
            )}
          </LabelledControl>
        ) : null}
        {preview.format === "csv" ? (
          <>
            <LabelledControl label="Character set">
              {(id) => (
                <NativeSelect
                  id={id}
                  
                  disabled={busy}
                  value={options.charset ?? ""}
                  onChange={(e) => onChange({ charset: (e.target.value || undefined) as ImportCharset | undefined })}
                >
                  <option value="">{detected(preview.charset && CHARSET_LABELS[preview.charset], options.charset !== undefined)}</option>
                  {IMPORT_CHARSETS.map((c) => (
                    <option key={c} value={c}>
                      {CHARSET_LABELS[c]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </LabelledControl>
            <LabelledControl label="Delimiter">
              {(id) => (
                <NativeSelect
                  id={id}
                  
                  disabled={busy}
                  value={options.delimiter ?? ""}
                  onChange={(e) => onChange({ delimiter: (e.target.value || undefined) as ImportDelimiter | undefined })}
                >
                  <option value="">{detected(preview.delimiter && DELIMITER_LABELS[preview.delimiter], options.delimiter !== undefined)}</option>
                  {IMPORT_DELIMITERS.map((d) => (
                    <option key={d} value={d}>
                      {DELIMITER_LABELS[d]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </LabelledControl>
          </>
        ) : null}
      </div>
      <p className="text-xs text-muted-foreground">Accents look wrong or everything sits in one column? Change these and the file is read again.</p>
    </div>
  );
}
