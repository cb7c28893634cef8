import type { ComponentProps } from "react";
import { IMPORT_TARGETS, type ImportTarget } from "@shared/imports/targets";
import { LISTING_FACT_FIELDS } from "@shared/listing-facts";
import { NativeSelect } from "@/components/ui/native-select";

const FACTS = new Set<string>(LISTING_FACT_FIELDS);
const GROUPS: { label: string; targets: ImportTarget[] }[] = [
  { label: "Listing", targets: IMPORT_TARGETS.filter((t) => !FACTS.has(t.field) && t.field !== "cityState" && t.field !== "fullAddress") },
  { label: "Deal facts", targets: IMPORT_TARGETS.filter((t) => FACTS.has(t.field)) },
  { label: "Split a combined column", targets: IMPORT_TARGETS.filter((t) => t.field === "cityState" || t.field === "fullAddress") },
];

export const IGNORE = "";

const targetOptionText = (t: ImportTarget) =>
  t.field === "cityState" ? "City, State (“Mobile, AL”)" : t.field === "fullAddress" ? "Full address (street, city, state, ZIP)" : t.required ? `${t.label} (required)` : t.label;

/**
 * The listing fields a column can go to, grouped as the form groups them, plus "Ignore". A native
 * select: a phone shows its own picker, and 34 choices read well in it.
 */
export function TargetSelect(props: ComponentProps<"select">) {
  return (
    <NativeSelect {...props}>
      <option value={IGNORE}>Ignore this column</option>
      {GROUPS.map((group) => (
        <optgroup key={group.label} label={group.label}>
          {group.targets.map((t) => (
            <option key={t.field} value={t.field}>
              {targetOptionText(t)}
            </option>
          ))}
        </optgroup>
      ))}
    </NativeSelect>
  );
}
