import { Copy } from "lucide-react";
import { fieldLabel } from "@shared/field-labels";
import type { ImportRowAction } from "@shared/imports/wire";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import type { ImportRow } from "../api/get-import-rows";
import { changeText, duplicatesText } from "../lib/import-text";

export const ACTION_LABELS: Record<ImportRowAction, string> = { create: "Create", update: "Update", unchanged: "Unchanged", fail: "Fail" };
const ACTION_BADGES: Record<ImportRowAction, BadgeProps["variant"]> = { create: "success", update: "default", unchanged: "muted", fail: "destructive" };

interface PreviewRowProps {
  row: ImportRow;
  agentName(id: string): string | undefined;
}

/** One row of the file as the import would treat it: what it becomes, what changes, why it fails. */
export function PreviewRow({ row, agentName }: PreviewRowProps) {
  const place = [row.listing.address, row.listing.city, row.listing.state].filter(Boolean).join(", ");
  const changes = Object.entries(row.changes ?? {});
  return (
    <li className="grid min-w-0 gap-1.5 border-b px-4 py-3 last:border-b-0" data-testid="preview-row" data-action={row.action} data-row={row.row}>
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        <span className="text-xs font-semibold tabular-nums text-muted-foreground">Row {row.row}</span>
        <Badge variant={ACTION_BADGES[row.action]}>{ACTION_LABELS[row.action]}</Badge>
        {row.duplicateOf && row.duplicateOf.length > 0 ? (
          <Badge variant="warning" data-testid="preview-duplicate">
            <Copy aria-hidden />
            {duplicatesText(row.duplicateOf, row.duplicateCount)}
          </Badge>
        ) : null}
      </div>
      <p className="min-w-0 break-words text-sm">
        <span className="font-medium">{row.listing.name || "(no name)"}</span>
        {place ? <span className="text-muted-foreground"> · {place}</span> : null}
      </p>
      {row.errors && row.errors.length > 0 ? (
        <ul className="grid gap-0.5 text-sm text-destructive" data-testid="preview-errors">
          {row.errors.map((e, i) => (
            <li key={i} className="break-words">
              <span className="font-medium">{fieldLabel(e.field)}:</span> {e.message}
            </li>
          ))}
        </ul>
      ) : null}
      {changes.length > 0 ? (
        <ul className="grid gap-0.5 text-sm" data-testid="preview-changes">
          {changes.map(([field, change]) => (
            <li key={field} className="break-words">
              {changeText(field, change as [unknown, unknown], agentName)}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
