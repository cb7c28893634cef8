import { FIELD_LABELS } from "@shared/field-labels";

// "leaseRateUnit" → "Lease rate unit", for fields the label list does not name.
const humanize = (field: string) => field.replace(/([A-Z])/g, " $1").replace(/^./, (c) => c.toUpperCase()).replace(/ (\w)/g, (_, c: string) => ` ${c.toLowerCase()}`);

/** A listing field as the form labels it. */
export const listingFieldLabel = (field: string): string => FIELD_LABELS[field] ?? humanize(field);

const and = new Intl.ListFormat("en", { type: "conjunction" });

/** "Lease Rate, Notes and Status": fields, or people, named in one phrase. */
export const inWords = (items: readonly string[]): string => and.format(items);
