// Saved views as the browser and the server exchange them.
import { z } from "zod";
import { listingViewQueryError } from "./listing-view-query.js";
import { LIMITS, requiredText } from "./schema.js";
import { VIEW_NAME_MAX, VIEW_SCOPES, type ViewScope } from "./enumerations.js";

export { VIEW_NAME_MAX, VIEW_SCOPES, type ViewScope } from "./enumerations.js";

/** One view of GET /api/views: `isDefault` is the asker's own default for Active Listings. */
export interface SavedViewDto {
  id: number;
  name: string;
  query: string;
  scope: ViewScope;
  locked: boolean;
  ownerId: number;
  isDefault: boolean;
}

// The query as the lists write it, without a leading "?"; one the lists' parser refuses is a 400.
const viewQuery = z
  .string({ error: "Query must be text" })
  .max(LIMITS.url, `Query must be at most ${LIMITS.url} characters`)
  .transform((q) => (q.startsWith("?") ? q.slice(1) : q))
  .superRefine((q, ctx) => {
    const error = listingViewQueryError(q);
    if (error) ctx.addIssue({ code: "custom", message: error });
  });

const viewName = requiredText("Name", VIEW_NAME_MAX);

export const insertViewSchema = z.strictObject({
  name: viewName,
  query: viewQuery,
  scope: z.enum(VIEW_SCOPES, { error: 'Scope must be "personal" or "team"' }),
});

export const patchViewSchema = z.strictObject({
  name: viewName.optional(),
  query: viewQuery.optional(),
  locked: z.boolean({ error: "Locked must be true or false" }).optional(),
  isDefault: z.boolean({ error: "isDefault must be true or false" }).optional(),
});
export type ViewPatch = z.output<typeof patchViewSchema>;
