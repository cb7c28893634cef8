// What a bulk edit may change, checked with the same field rules as a single edit.
import { z } from "zod";
import { listingIdList } from "../../../shared/csv-columns.js";
import { BULK_EDIT_FIELDS, insertListingSchema, type BulkEditField } from "../../../shared/schema.js";
import { badRequest } from "../../http/http-error.js";
import { parse } from "../../http/validate.js";


const fieldsSchema = insertListingSchema.pick(Object.fromEntries(BULK_EDIT_FIELDS.map((f) => [f, true])) as Record<BulkEditField, true>).partial();
export type BulkUpdates = z.output<typeof fieldsSchema>;

const requestSchema = z.object({
  ids: listingIdList("ids"),
  updates: z.record(z.string(), z.unknown(), { error: "updates must be an object of fields to change" }).default({}),
});

const isFilled = (v: unknown) => v !== undefined && v !== null && !(typeof v === "string" && v.trim() === "");

/** An empty field means "leave unchanged" (spec §5), so only filled fields count. */
export function parseBulkEdit(body: unknown): { ids: string[]; updates: BulkUpdates } {
  const { ids, updates } = parse(requestSchema, body);
  const filled = Object.fromEntries(Object.entries(updates).filter(([, v]) => isFilled(v)));
  const unknown = Object.keys(filled).filter((k) => !(BULK_EDIT_FIELDS as readonly string[]).includes(k));
  if (unknown.length > 0) throw badRequest(`These fields cannot be changed in a bulk edit: ${unknown.join(", ")}`);
  if (Object.keys(filled).length === 0) throw badRequest("Please fill in at least one field to update");
  return { ids: [...new Set(ids)], updates: parse(fieldsSchema, filled) };
}
