// What the wizard says and offers for each thing a file may hold: listings, or contacts
// (docs/guides/imports.md). The steps are the same; the words, the fields and the rows differ.
import { fieldLabel } from "@shared/field-labels";
import { CONTACT_FIELD_LABELS, CONTACT_IMPORT_FIELDS, type ContactImportField, type ImportKind } from "@shared/imports/contact-fields";
import type { ContactInterests } from "@shared/contacts";
import type { ImportRowAction } from "@shared/imports/wire";
import { changeText, fieldValueText, plural } from "./import-text";

export const KIND_LABELS: Record<ImportKind, string> = { listings: "Listings", contacts: "Contacts" };

/** "3 listings", "1 contact". */
export const countOf = (kind: ImportKind, n: number) => plural(n, kind === "contacts" ? "contact" : "listing");

export const ACTION_LABELS: Record<ImportKind, Record<ImportRowAction, string>> = {
  listings: { create: "Create", update: "Update", unchanged: "Unchanged", fail: "Fail" },
  contacts: { create: "New", update: "Update", unchanged: "Unchanged", fail: "Error" },
};

const isContactField = (field: string): field is ContactImportField => (CONTACT_IMPORT_FIELDS as readonly string[]).includes(field);

/** A field's name as the kind's forms name it. */
export const kindFieldLabel = (kind: ImportKind, field: string) => (kind === "contacts" && isContactField(field) ? CONTACT_FIELD_LABELS[field] : kind === "contacts" && field === "interests" ? "Interests" : fieldLabel(field));

const amount = (n: number) => n.toLocaleString("en-US");

/** "Retail, OH, from $500,000, up to 20,000 SF": what the contact wants, as one line. */
function interestsText(i: ContactInterests): string {
  const parts = [
    ...i.propertyTypes,
    ...i.states,
    ...i.offeringTypes,
    ...(i.minPrice !== null ? [`from $${amount(i.minPrice)}`] : []),
    ...(i.maxPrice !== null ? [`up to $${amount(i.maxPrice)}`] : []),
    ...(i.minSize !== null ? [`from ${amount(i.minSize)} SF`] : []),
    ...(i.maxSize !== null ? [`up to ${amount(i.maxSize)} SF`] : []),
  ];
  return parts.length ? parts.join(", ") : "empty";
}

/** A contact's value as the Contacts page shows it: lists joined, interests summed up, "empty" for none. */
function contactValueText(value: unknown): string {
  if (value === null || value === undefined || value === "") return "empty";
  if (Array.isArray(value)) return value.length ? value.join(", ") : "empty";
  if (typeof value === "object") return interestsText(value as ContactInterests);
  return fieldValueText("", value);
}

/** "Phone: empty → 304-555-0199" (contacts), "Asking Price: $1,650,000 → $1,595,000" (listings). */
export function kindChangeText(kind: ImportKind, field: string, change: readonly [unknown, unknown], agentName?: (id: string) => string | undefined) {
  if (kind === "listings") return changeText(field, change, agentName);
  return `${kindFieldLabel(kind, field)}: ${contactValueText(change[0])} → ${contactValueText(change[1])}`;
}

/** The contact fields a column can go to, for the Map step's select. */
export const CONTACT_FIELD_CHOICES = [{ label: "Contact", targets: CONTACT_IMPORT_FIELDS.map((f) => ({ field: f, label: f === "email" ? "Email (required)" : CONTACT_FIELD_LABELS[f] })) }];
