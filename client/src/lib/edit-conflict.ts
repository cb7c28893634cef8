import type { ConflictChange } from "@/components/ui/edit-conflict-notice";

const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === "") return "(empty)";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  return String(value);
};
/** Whether two values read the same on screen (empty text and no value alike). */
export const sameValue = (a: unknown, b: unknown) => shown(a) === shown(b);

/**
 * The fields whose saved value differs between what an editor opened with and the row now, in
 * the editor's order, each with the value now. `label` names a field as the form does, `display`
 * turns a value into words where the raw one is not (an agent id into a name).
 */
export function conflictChanges<T extends Record<string, unknown>>(
  opened: T,
  current: T,
  fields: readonly (keyof T & string)[],
  label: (field: keyof T & string) => string,
  display: (field: keyof T & string, value: unknown) => string = (_field, value) => shown(value),
): ConflictChange[] {
  return fields
    .filter((field) => !sameValue(opened[field], current[field]))
    .map((field) => ({ label: label(field), value: display(field, current[field]) }));
}
