import { Button } from "./button";
import { formatDateTime } from "@/lib/format-date";

export interface ConflictChange {
  label: string;
  /** The saved value now, as the person reads it. */
  value: string;
}

interface EditConflictNoticeProps {
  /** "listing", "note", "agent": what was saved. */
  what: string;
  changedBy: string | null;
  changedAt: string;
  /** Fields whose saved value differs from what the editor opened with. */
  changes: ConflictChange[];
  busy?: boolean;
  /** What the two buttons do, where an editor's own words fit better than the form's (the deal board). */
  hint?: string;
  onReload(): void;
  onOverwrite(): void;
}

/**
 * Shown in an editor whose save met a newer version (a 412): who saved it and when, what they
 * changed, and the two ways on.
 */
export function EditConflictNotice({ what, changedBy, changedAt, changes, busy, hint, onReload, onOverwrite }: EditConflictNoticeProps) {
  return (
    <div role="alert" data-testid="edit-conflict" className="grid gap-3 rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-950 dark:bg-amber-950/40 dark:text-amber-100">
      <p>
        <strong>{changedBy ?? "Someone"}</strong> saved this {what} on {formatDateTime(changedAt)}, after you opened it. Your
        changes are not saved yet.
      </p>
      {changes.length > 0 ? (
        <div>
          <p className="font-medium">Changed since you opened it:</p>
          <dl className="mt-1 grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-1">
            {changes.map((change) => (
              <div key={change.label} className="contents">
                <dt className="text-amber-900/80 dark:text-amber-200/80">{change.label}</dt>
                <dd className="break-words">{change.value}</dd>
              </div>
            ))}
          </dl>
        </div>
      ) : (
        <p>None of the fields here changed; other parts of the {what} did.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" variant="outline" onClick={onReload} disabled={busy}>
          Reload
        </Button>
        <Button type="button" size="sm" variant="destructive" onClick={onOverwrite} loading={busy}>
          Overwrite
        </Button>
      </div>
      <p className="text-xs text-amber-900/80 dark:text-amber-200/80">
        {hint ?? "Reload puts their version in the form (your unsaved changes are dropped); Overwrite saves yours over theirs."}
      </p>
    </div>
  );
}
