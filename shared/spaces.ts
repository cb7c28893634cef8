// Lease spaces (suites) of a listing: what the API takes and returns (docs/guides/spaces-and-income.md).
import { z } from "zod";
import { dateField, INCOME_LIMITS, moneyField, requiredTextField, squareFeetField, textField } from "./income-fields.js";
import { SPACE_LEASE_TYPES, SPACE_RATE_UNITS, SPACE_STATUSES, type Space } from "./space-choices.js";

export * from "./space-choices.js";

/** A listing holds at most this many spaces (a tower floor by floor stays well under it). */
export const MAX_SPACES_PER_LISTING = 500;

const choice = <T extends string>(label: string, values: readonly T[]) =>
  z.enum(values as [T, ...T[]], { error: `${label} must be one of ${values.join(", ")}` });

const spaceFields = {
  suite: requiredTextField("Suite", 60),
  floor: textField("Floor", 40),
  sizeSf: squareFeetField("Size"),
  minDivisibleSf: squareFeetField("Minimum divisible size"),
  rate: moneyField("Rate"),
  rateUnit: choice("Rate unit", SPACE_RATE_UNITS),
  leaseType: choice("Lease type", SPACE_LEASE_TYPES).nullish(),
  availableOn: dateField("Available date"),
  status: choice("Status", SPACE_STATUSES),
  spaceType: textField("Space type", 60),
  description: textField("Description", INCOME_LIMITS.longText),
  photoIds: z.array(z.number({ error: "Photo ids must be numbers" }).int().positive(), { error: "Photo ids must be a list of photo ids" }).max(40, "At most 40 photos a space"),
};

/** POST /api/listings/:id/spaces: a suite and its size are required; the rest have defaults. */
export const insertSpaceSchema = z.object({
  ...spaceFields,
  sizeSf: spaceFields.sizeSf.refine((v) => v !== null, "Size is required, like 2,400 SF"),
  rateUnit: spaceFields.rateUnit.default("SF/yr"),
  status: spaceFields.status.default("available"),
  photoIds: spaceFields.photoIds.default([]),
});
/** PATCH: any of the fields; the space as it will be stored is checked again (spaceProblems). */
export const patchSpaceSchema = z.object(spaceFields).partial();
export type InsertSpace = z.output<typeof insertSpaceSchema>;
export type PatchSpace = z.output<typeof patchSpaceSchema>;

/**
 * What is wrong between the fields of a space as it will be stored, by field: a divisible size
 * above the space, a space larger than the building.
 */
export function spaceProblems(space: Pick<Space, "sizeSf" | "minDivisibleSf">, buildingSizeSf: number | null): Record<string, string> {
  const problems: Record<string, string> = {};
  if (space.minDivisibleSf !== null && space.minDivisibleSf > space.sizeSf)
    problems.minDivisibleSf = "Minimum divisible size must not be larger than the space";
  if (buildingSizeSf !== null && space.sizeSf > buildingSizeSf)
    problems.sizeSf = `Size must not be larger than the building (${buildingSizeSf.toLocaleString("en-US")} SF)`;
  return problems;
}
