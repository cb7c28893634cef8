// What one row of an import may hold: the shared listing schema, less what a row cannot hold
// (agentId is settled later, from the Agent cell or the agent chosen for the import).
import type { z } from "zod";
import { insertListingSchema } from "../../../shared/schema.js";

export const rowShape = insertListingSchema.omit({ agentId: true, imageUrl: true, isStarred: true });
export type ImportValues = z.output<typeof rowShape>;
