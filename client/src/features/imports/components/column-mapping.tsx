import type { ImportTargetField } from "@shared/imports/targets";
import type { ImportColumn, ImportMapping } from "@shared/imports/wire";
import { Badge } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import { columnHeader, columnPosition, NO_HEADER, repeatedHeaders } from "../lib/import-text";
import { targetLabel } from "../lib/mapping-rules";
import { IGNORE, TargetSelect, type FieldGroups } from "./target-select";

interface ColumnMappingProps {
  columns: readonly ImportColumn[];
  mapping: ImportMapping;
  /** Targets chosen for more than one column. */
  repeated: ReadonlyMap<ImportTargetField, number[]>;
  /** What the server proposed for each column (pre-selected on first look). */
  suggested: ImportMapping;
  disabled: boolean;
  onChange(index: number, target: ImportTargetField | null): void;
  /** The fields offered and how they are named: the listing fields unless given. */
  groups?: FieldGroups;
  labelOf?(field: string): string;
}

/** Every column of the file, as it reads (header, place, three samples), and the field it goes to. */
export function ColumnMapping({ columns, mapping, repeated, suggested, disabled, onChange, groups, labelOf = targetLabel }: ColumnMappingProps) {
  const sameHeader = repeatedHeaders(columns);
  return (
    <ul className="grid gap-2" data-testid="column-mapping">
      {columns.map((column) => {
        const target = mapping[column.index] ?? null;
        const header = columnHeader(column);
        const twice = target !== null && repeated.has(target);
        const selectId = `column-${column.index}-target`;
        return (
          <li
            key={column.index}
            className={cn("grid min-w-0 gap-2 rounded-lg border p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,18rem)] sm:items-start sm:gap-4", twice && "border-destructive/50")}
            data-testid="mapping-column"
            data-column={column.index}
          >
            <div className="grid min-w-0 gap-1">
              <label htmlFor={selectId} className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
                <span className={cn("break-words text-sm font-semibold", header === NO_HEADER && "font-normal italic text-muted-foreground")}>{header}</span>
                <span className="text-xs text-muted-foreground">{columnPosition(column.index)}</span>
                {sameHeader.has(column.header.trim().toLowerCase()) ? <Badge variant="warning">Same header as another column</Badge> : null}
              </label>
              {column.samples.length > 0 ? (
                <ul className="flex min-w-0 flex-wrap gap-1" aria-label={`Sample values of ${header}`}>
                  {column.samples.slice(0, 3).map((sample, i) => (
                    <li key={i} className="max-w-full truncate rounded bg-muted px-1.5 py-0.5 font-mono text-xs text-muted-foreground">
                      {sample === "" ? "(blank)" : sample}
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-xs text-muted-foreground">Empty in every row</p>
              )}
            </div>
            <div className="grid min-w-0 gap-1">
              <TargetSelect
                id={selectId}
                groups={groups}
                value={target ?? IGNORE}
                disabled={disabled}
                aria-invalid={twice || undefined}
                aria-describedby={twice ? `${selectId}-error` : undefined}
                onChange={(e) => onChange(column.index, (e.target.value || null) as ImportTargetField | null)}
                data-testid="mapping-target"
              />
              {twice ? (
                <p id={`${selectId}-error`} className="text-xs font-medium text-destructive">
                  {labelOf(target)} is also chosen for another column.
                </p>
              ) : target !== null && suggested[column.index] === target ? (
                <p className="text-xs text-muted-foreground">Suggested</p>
              ) : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
