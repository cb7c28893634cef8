import { importTarget, UNSET_WHEN_UNMAPPED } from "@shared/imports/targets";
import type { ImportValueMaps, ImportValueNote } from "@shared/imports/wire";
import { NativeSelect } from "@/components/ui/native-select";
import { cn } from "@/lib/cn";
import { targetLabel } from "../lib/mapping-rules";
import { Notice } from "./notice";

// "" is the one value no allowed value can be, so it stands for "leave to fail" (or, for a field
// an import may leave unset, "leave unset").
const LEAVE_TO_FAIL = "";

interface ValueMappingProps {
  valueMaps: ImportValueMaps;
  /** What the app read each value as when it first read the file. */
  suggested: ImportValueMaps;
  /** Values the app can only approximate, and what it does with them ("Auction" → Active, kept in the notes). */
  notes: Record<string, Record<string, ImportValueNote>>;
  /** Fields some column still writes: the others' maps are kept but not shown or sent. */
  shown: readonly string[];
  /** Fields whose column changed since the server listed their values. */
  unlisted: readonly string[];
  disabled: boolean;
  onChange(field: string, fileValue: string, value: string | null): void;
}

/**
 * Every distinct value the file holds for an enumerated field, and the allowed value it becomes,
 * or "Leave to fail" (those rows fail, naming the value); a deal stage's is "Leave unset".
 */
export function ValueMapping({ valueMaps, suggested, notes, shown, unlisted, disabled, onChange }: ValueMappingProps) {
  const fields = shown.filter((field) => valueMaps[field] && Object.keys(valueMaps[field]).length > 0 && !unlisted.includes(field));
  return (
    <div className="grid gap-4" data-testid="value-mapping">
      {unlisted.length > 0 ? (
        <Notice tone="info" data-testid="values-unlisted">
          The values of {unlisted.map(targetLabel).join(", ")} are listed here after the next preview.
        </Notice>
      ) : null}
      {fields.length === 0 && unlisted.length === 0 ? (
        <p className="text-sm text-muted-foreground">No column is mapped to a field with fixed choices (like Offering Type).</p>
      ) : null}
      {fields.map((field) => {
        const choices = importTarget(field)?.choices ?? [];
        const values = Object.entries(valueMaps[field]);
        const unsettable = UNSET_WHEN_UNMAPPED.has(field);
        const failing = unsettable ? 0 : values.filter(([, v]) => v === null).length;
        return (
          <fieldset key={field} className="grid min-w-0 gap-2" data-testid="value-map" data-field={field}>
            <legend className="mb-1 text-sm font-semibold">
              {targetLabel(field)}
              {failing > 0 ? <span className="ml-2 text-xs font-medium text-destructive">{failing} left to fail</span> : null}
            </legend>
            <ul className="grid gap-2">
              {values.map(([fileValue, value]) => {
                const id = `value-${field}-${encodeURIComponent(fileValue)}`;
                // Suggested: read from a word the allowed values do not spell ("For Sale" → Sell), and still as the app read it.
                const isSuggested = value !== null && suggested[field]?.[fileValue] === value && value.toLowerCase() !== fileValue.trim().toLowerCase();
                const note = notes[field]?.[fileValue];
                return (
                  <li key={fileValue} className="grid min-w-0 gap-1 sm:grid-cols-[minmax(0,1fr)_minmax(0,16rem)] sm:items-center sm:gap-x-4" data-testid="value-map-row">
                    <label htmlFor={id} className="min-w-0 break-words text-sm">
                      <span className="sr-only">{targetLabel(field)} value </span>
                      {fileValue === "" ? <span className="italic text-muted-foreground">(blank)</span> : `“${fileValue}”`}
                      {isSuggested ? (
                        <span className="ml-2 text-xs text-muted-foreground" data-testid="value-suggested">
                          Suggested
                        </span>
                      ) : null}
                    </label>
                    <NativeSelect
                      id={id}
                      className={cn(value === null && !unsettable && "border-destructive/60 read-only:text-destructive")}
                      value={value ?? LEAVE_TO_FAIL}
                      disabled={disabled}
                      onChange={(e) => onChange(field, fileValue, e.target.value === LEAVE_TO_FAIL ? null : e.target.value)}
                    >
                      <option value={LEAVE_TO_FAIL}>{unsettable ? "Leave unset" : "Leave to fail"}</option>
                      {choices.map((choice) => (
                        <option key={choice} value={choice}>
                          {choice}
                        </option>
                      ))}
                    </NativeSelect>
                    {note && note.value === value ? (
                      <p className="text-xs text-muted-foreground sm:col-span-2" data-testid="value-note">
                        {note.note}
                      </p>
                    ) : null}
                  </li>
                );
              })}
            </ul>
          </fieldset>
        );
      })}
    </div>
  );
}
