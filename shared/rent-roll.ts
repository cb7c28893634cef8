// A listing's rent roll: the tenants in place, as the API takes and returns them
// (docs/guides/spaces-and-income.md). The figures over them are in rent-roll-figures.ts.
import { z } from "zod";
import { dateField, INCOME_LIMITS, moneyField, requiredTextField, squareFeetField, textField } from "./income-fields.js";

/** A rent roll holds at most this many tenants. */
export const MAX_TENANTS_PER_LISTING = 2000;

export interface Tenant {
  id: number;
  tenant: string;
  suite: string | null;
  sizeSf: number;
  leaseStart: string | null;
  leaseEnd: string | null;
  annualRent: number;
  /** Computed: annual rent over size, to the cent. */
  rentPerSf: number;
  /** How expenses are recovered: "NNN", "Gross", "Modified Gross", … as the lease says. */
  reimbursements: string | null;
  options: string | null;
  notes: string | null;
}

export interface LeaseExpiration {
  year: number;
  sizeSf: number;
  annualRent: number;
}

/** GET /api/listings/:id/rent-roll */
export interface RentRoll {
  tenants: Tenant[];
  /** Share of the building's SF under leases not yet ended, 0–1; null with nothing to divide by. */
  occupancy: number | null;
  /** Weighted average lease term remaining, in years, weighted by annual rent; null without rent. */
  walt: number | null;
  inPlaceRent: number;
  expirations: LeaseExpiration[];
}

const tenantFields = {
  tenant: requiredTextField("Tenant", 120),
  suite: textField("Suite", 60),
  sizeSf: squareFeetField("Size"),
  leaseStart: dateField("Lease start"),
  leaseEnd: dateField("Lease end"),
  annualRent: moneyField("Annual rent"),
  reimbursements: textField("Reimbursements", 60),
  options: textField("Options", 500),
  notes: textField("Notes", INCOME_LIMITS.longText),
};

export const insertTenantSchema = z.object({
  ...tenantFields,
  sizeSf: tenantFields.sizeSf.refine((v) => v !== null, "Size is required, like 2,400 SF"),
  annualRent: tenantFields.annualRent.refine((v) => v !== null, "Annual rent is required, like $48,000"),
});
export const patchTenantSchema = z.object(tenantFields).partial();
export type InsertTenant = z.output<typeof insertTenantSchema>;
export type PatchTenant = z.output<typeof patchTenantSchema>;

/** What is wrong between a tenant's fields as it will be stored: a lease ending before it starts, a suite larger than the building. */
export function tenantProblems(t: Pick<Tenant, "sizeSf" | "leaseStart" | "leaseEnd">, buildingSizeSf: number | null): Record<string, string> {
  const problems: Record<string, string> = {};
  if (t.leaseStart && t.leaseEnd && t.leaseEnd < t.leaseStart) problems.leaseEnd = "Lease end must not be before the lease start";
  if (buildingSizeSf !== null && t.sizeSf > buildingSizeSf)
    problems.sizeSf = `Size must not be larger than the building (${buildingSizeSf.toLocaleString("en-US")} SF)`;
  return problems;
}
