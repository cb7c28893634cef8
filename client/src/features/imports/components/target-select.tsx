import type { ComponentProps } from "react";
import { IMPORT_TARGETS, type ImportTarget } from "@shared/imports/targets";
import { LISTING_FACT_FIELDS } from "@shared/listing-facts";
import { NativeSelect } from "@/components/ui/native-select";

const FACTS = new Set<string>(LISTING_FACT_FIELDS);

const targetOptionText = (t: ImportTarget) =>
  t.field === "cityState" ? "City, State (“Mobile, AL”)" : t.field === "fullAddress" ? "Full address (street, city, state, ZIP)" : t.required ? `${t.label} (required)` : t.label;

/** Fields grouped under a heading, as a select offers them. */
export type FieldGroups = { label: string; targets: { field: string; label: string }[] }[];

const option = (t: ImportTarget) => ({ field: t.field, label: targetOptionText(t) });
export const LISTING_FIELD_GROUPS: FieldGroups = [
  { label: "Listing", targets: IMPORT_TARGETS.filter((t) => !FACTS.has(t.field) && t.field !== "cityState" && t.field !== "fullAddress").map(option) },
  { label: "Deal facts", targets: IMPORT_TARGETS.filter((t) => FACTS.has(t.field)).map(option) },
  { label: "Split a combined column", targets: IMPORT_TARGETS.filter((t) => t.field === "cityState" || t.field === "fullAddress").map(option) },
];

export const IGNORE = "";

/**
 * The fields a column can go to (the listing fields grouped as the form groups them, unless
 * other groups are given), plus "Ignore". A native select: a phone shows its own picker, and 34
 * choices read well in it.
 */
export function TargetSelect({ groups = LISTING_FIELD_GROUPS, ...props }: ComponentProps<"select"> & { groups?: FieldGroups }) {
  return (
    <NativeSelect {...props}>
      <option value={IGNORE}>Ignore this column</option>
      {groups.map((group) => (
        <optgroup key={group.label} label={group.label}>
          {group.targets.map((t) => (
            <option key={t.field} value={t.field}>
              {t.label}
            </option>
          ))}
        </optgroup>
      ))}
    </NativeSelect>
  );
}
