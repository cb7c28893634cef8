// The per-row schema check of a preview, made cheap: each field is read by
// its own schema once per distinct value in the file (a column of states, categories or flags
// holds a handful), then the rules between facts run on the result. A row that fails any of it is
// read again by the whole schema, so a failed row's messages are the schema's own, word for word,
// and a valid row's values are what the whole schema would give (the same field schemas).
import type { z } from "zod";
import { refineListing } from "../../../shared/schema.js";
import { rowShape } from "../listing-rows/service.js";

const partialShape = rowShape.partial();
// An update writes only some fields, so every field is optional here; a new listing's required
// fields are checked by missingForCreate. The rules between fields hold within the row.
export const partialRow = partialShape.superRefine(refineListing);

type FieldSchema = z.ZodType;
const FIELD_SCHEMAS = new Map<string, FieldSchema>(Object.entries(partialShape.shape as Record<string, FieldSchema>));
const FAILED = Symbol("failed");
/** Distinct values remembered per field: enough for any column of choices, bounded for the rest. */
const REMEMBERED = 4_096;

type Checked = { success: true; data: Record<string, unknown> } | ReturnType<typeof partialRow.safeParse>;

/** A checker for one file: it remembers the values it has read, so it lives as long as the preview. */
export function rowChecker(): (input: Record<string, unknown>) => Checked {
  // One lookup per field: its schema and the values read so far.
  const fields = new Map([...FIELD_SCHEMAS].map(([field, schema]) => [field, { schema, known: new Map<unknown, unknown>() }]));
  return (input) => {
    const data: Record<string, unknown> = {};
    for (const field in input) {
      const f = fields.get(field);
      if (!f) continue; // not a field of the row: the whole schema leaves it out too
      const value = input[field];
      let read = f.known.get(value);
      if (read === undefined) {
        const parsed = f.schema.safeParse(value);
        read = parsed.success ? { data: parsed.data } : FAILED;
        if (f.known.size < REMEMBERED) f.known.set(value, read);
      }
      if (read === FAILED) return partialRow.safeParse(input);
      data[field] = (read as { data: unknown }).data;
    }
    let related = true;
    refineListing(data, { addIssue: () => (related = false) } as unknown as z.RefinementCtx);
    return related ? { success: true, data } : partialRow.safeParse(input);
  };
}
