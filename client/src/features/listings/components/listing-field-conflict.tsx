import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { formatDateTime } from "@/lib/format-date";

export type KeepChoice = "theirs" | "mine";

export interface FieldConflictRow {
  field: string;
  label: string;
  /** The saved value now, as the person reads it. */
  theirs: string;
  /** What the person has in the form. */
  mine: string;
}

interface ListingFieldConflictProps {
  changedBy: string | null;
  changedAt: string;
  /** Only the fields both changed (the 412's `fields`). */
  rows: FieldConflictRow[];
  busy?: boolean;
  onSave(choices: Record<string, KeepChoice>): void;
}

function Choice({ name, value, checked, onPick, title, text }: { name: string; value: KeepChoice; checked: boolean; onPick(): void; title: string; text: string }) {
  return (
    <label aria-label={`${title}: ${text}`} className="flex min-h-11 min-w-0 cursor-pointer items-start gap-2 rounded-md border border-amber-300 bg-white/70 p-2 has-[:checked]:border-amber-600 has-[:checked]:bg-white dark:bg-black/20">
      <input type="radio" name={name} value={value} checked={checked} onChange={onPick} className="mt-0.5 size-4 shrink-0 accent-amber-700" />
      <span className="min-w-0">
        <span className="block text-xs font-medium text-amber-900/80 dark:text-amber-200/80">{title}</span>
        <span className="block break-words" data-testid={`conflict-${value}`}>
          {text}
        </span>
      </span>
    </label>
  );
}

/**
 * The fields a save and a teammate's both changed, each with their value and the person's, to
 * keep one or the other. It sits at the top of
 * the form's scrolling body, which scrolls to it when it appears, so on a phone as on a desktop it
 * is read whole, above the fields, never squeezed against the buttons.
 */
export function ListingFieldConflict({ changedBy, changedAt, rows, busy, onSave }: ListingFieldConflictProps) {
  const [choices, setChoices] = useState<Record<string, KeepChoice>>(() => Object.fromEntries(rows.map((row) => [row.field, "mine"])));
  const box = useRef<HTMLElement>(null);
  const heading = useId();
  useEffect(() => {
    // It is the first thing in the form's scrolling body: scroll that body to its top. (The
    // element's scrollIntoView would also scroll the dialog around it, hiding its header.)
    box.current?.parentElement?.scrollTo({ top: 0 });
    box.current?.focus({ preventScroll: true });
  }, []);
  const one = rows.length === 1;
  return (
    <section
      ref={box}
      tabIndex={-1}
      role="alert"
      aria-labelledby={heading}
      data-testid="edit-conflict"
      className="grid scroll-mt-2 gap-3 rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 outline-none focus-visible:ring-2 focus-visible:ring-amber-500 dark:bg-amber-950/40 dark:text-amber-100"
    >
      <p id={heading}>
        <strong>{changedBy ?? "Someone"}</strong> saved this listing on {formatDateTime(changedAt)} and changed {one ? "a field" : "fields"} you
        changed too. Choose what to keep; your other changes are kept, and nothing is saved until you do.
      </p>
      {rows.map((row) => (
        <fieldset key={row.field} data-testid="conflict-field" className="grid min-w-0 gap-2">
          <legend className="mb-1 font-medium">{row.label}</legend>
          <div className="grid gap-2 sm:grid-cols-2">
            <Choice
              name={`${heading}-${row.field}`}
              value="theirs"
              checked={choices[row.field] === "theirs"}
              onPick={() => setChoices((c) => ({ ...c, [row.field]: "theirs" }))}
              title={`Theirs${changedBy ? ` (${changedBy})` : ""}`}
              text={row.theirs}
            />
            <Choice
              name={`${heading}-${row.field}`}
              value="mine"
              checked={choices[row.field] === "mine"}
              onPick={() => setChoices((c) => ({ ...c, [row.field]: "mine" }))}
              title="Mine"
              text={row.mine}
            />
          </div>
        </fieldset>
      ))}
      <div>
        <Button type="button" size="sm" onClick={() => onSave(choices)} loading={busy}>
          Save with these values
        </Button>
      </div>
    </section>
  );
}
