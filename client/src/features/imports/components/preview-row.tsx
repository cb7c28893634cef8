import { Copy } from "lucide-react";
import type { ImportKind } from "@shared/imports/contact-fields";
import type { ImportRowAction } from "@shared/imports/wire";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import type { ImportRow } from "../api/get-import-rows";
import { ACTION_LABELS, kindChangeText, kindFieldLabel } from "../lib/import-kind";
import { duplicatesText } from "../lib/import-text";
const ACTION_BADGES: Record<ImportRowAction, BadgeProps["variant"]> = { create: "success", update: "default", unchanged: "muted", fail: "destructive" };

/** The preview's columns beside the listing: what a broker checks before importing. */
const FACT_COLUMNS = [
  ["price", "Price"],
  ["size", "Size"],
  ["propertyType", "Property type"],
  ["dealStage", "Deal stage"],
] as const;
/** One grid for the header and every row, so the facts line up as columns on wider screens. */
export const PREVIEW_GRID = "sm:grid sm:grid-cols-[minmax(0,2fr)_repeat(4,minmax(0,1fr))] sm:gap-x-4";

/** The columns' names, above the rows on wider screens (each row names its facts on a phone); a contact is one column. */
export function PreviewHeader({ target }: { target: ImportKind }) {
  if (target === "contacts") return null;
  return (
    <div className={cn("hidden border-b px-4 py-2 text-xs font-medium text-muted-foreground", PREVIEW_GRID)} aria-hidden data-testid="preview-header">
      <span>Listing</span>
      {FACT_COLUMNS.map(([, label]) => (
        <span key={label}>{label}</span>
      ))}
    </div>
  );
}

/** The listing as the row leaves it, with the facts a broker checks as columns. */
function ListingLine({ listing }: { listing: NonNullable<ImportRow["listing"]> }) {
  const place = [listing.address, listing.city, listing.state].filter(Boolean).join(", ");
  return (
    <div className={cn("grid min-w-0 gap-1", PREVIEW_GRID)}>
      <p className="min-w-0 break-words text-sm">
        <span className="font-medium">{listing.name || "(no name)"}</span>
        {place ? <span className="text-muted-foreground"> · {place}</span> : null}
      </p>
      <dl className="grid min-w-0 grid-cols-2 gap-x-4 gap-y-1 text-sm sm:contents">
        {FACT_COLUMNS.map(([key, label]) => (
          <div key={key} className="min-w-0" data-testid={`preview-${key}`}>
            <dt className="text-xs text-muted-foreground sm:sr-only">{label}</dt>
            <dd className="break-words tabular-nums">{listing[key] || <span className="text-muted-foreground">—</span>}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The contact as the row leaves it: its name, email and company. */
function ContactLine({ contact }: { contact: NonNullable<ImportRow["contact"]> }) {
  return (
    <p className="min-w-0 break-words text-sm" data-testid="preview-contact">
      <span className="font-medium">{contact.name || "(no name)"}</span>
      {contact.email ? <span className="text-muted-foreground"> · {contact.email}</span> : null}
      {contact.company ? <span className="text-muted-foreground"> · {contact.company}</span> : null}
    </p>
  );
}

interface PreviewRowProps {
  target: ImportKind;
  row: ImportRow;
  agentName(id: string): string | undefined;
}

/** One row of the file as the import would treat it: what it becomes, what changes, why it fails. */
export function PreviewRow({ target, row, agentName }: PreviewRowProps) {
  const changes = Object.entries(row.changes ?? {});
  return (
    <li className="grid min-w-0 gap-1.5 border-b px-4 py-3 last:border-b-0" data-testid="preview-row" data-action={row.action} data-row={row.row}>
      <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
        <span className="text-xs font-semibold tabular-nums text-muted-foreground">Row {row.row}</span>
        <Badge variant={ACTION_BADGES[row.action]}>{ACTION_LABELS[target][row.action]}</Badge>
        {row.duplicateOf && row.duplicateOf.length > 0 ? (
          <Badge variant="warning" data-testid="preview-duplicate">
            <Copy aria-hidden />
            {duplicatesText(row.duplicateOf, row.duplicateCount)}
          </Badge>
        ) : null}
      </div>
      {row.contact ? <ContactLine contact={row.contact} /> : row.listing ? <ListingLine listing={row.listing} /> : null}
      {row.warnings && row.warnings.length > 0 ? (
        <ul className="grid gap-0.5 text-sm text-[color-mix(in_oklab,var(--warning)_75%,black)] dark:text-warning" data-testid="preview-row-warnings">
          {row.warnings.map((w, i) => (
            <li key={i} className="break-words">
              <span className="font-medium">{kindFieldLabel(target, w.field)}:</span> {w.message}
            </li>
          ))}
        </ul>
      ) : null}
      {row.errors && row.errors.length > 0 ? (
        <ul className="grid gap-0.5 text-sm text-destructive" data-testid="preview-errors">
          {row.errors.map((e, i) => (
            <li key={i} className="break-words">
              <span className="font-medium">{kindFieldLabel(target, e.field)}:</span> {e.message}
            </li>
          ))}
        </ul>
      ) : null}
      {changes.length > 0 ? (
        <ul className="grid gap-0.5 text-sm" data-testid="preview-changes">
          {changes.map(([field, change]) => (
            <li key={field} className="break-words">
              {kindChangeText(target, field, change as [unknown, unknown], agentName)}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
}
