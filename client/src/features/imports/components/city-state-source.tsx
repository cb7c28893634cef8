import { useId } from "react";
import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";
import { columnHeader } from "../lib/import-text";
import type { ImportPreview } from "../lib/wizard-state";

interface CityStateSourceProps {
  preview: ImportPreview;
  /** The column City and State are read from, or null. */
  value: number | null;
  disabled: boolean;
  onChange(column: number | null): void;
}

/**
 * A file without City and State columns whose links or full addresses name them: offer to read
 * each row's City and State from there, one choice per such column.
 */
export function CityStateSource({ preview, value, disabled, onChange }: CityStateSourceProps) {
  const id = useId();
  return (
    <fieldset className="grid gap-2 rounded-md border border-primary/20 bg-primary/5 px-3 py-2" data-testid="city-state-from">
      <legend className="sr-only">Where City and State come from</legend>
      <p className="text-sm">No column holds City and State, but these columns name them for each row:</p>
      {preview.cityStateSources.map(({ column, example }) => {
        const header = columnHeader(preview.columns[column]);
        return (
          <div key={column} className="flex min-h-11 items-center gap-2 sm:min-h-9">
            <Checkbox
              id={`${id}-${column}`}
              checked={value === column}
              disabled={disabled}
              onCheckedChange={(checked) => onChange(checked === true ? column : null)}
            />
            <Label htmlFor={`${id}-${column}`} className="cursor-pointer text-sm font-normal">
              Read City and State from <span className="font-medium">{header}</span> (first row: {example})
            </Label>
          </div>
        );
      })}
    </fieldset>
  );
}
