// A listing's operating statement (trailing twelve months and an optional pro forma year) and
// the figures computed from it: EGI, expenses, NOI, the cap rate at the asking price, and the
// check of its base rent against the rent roll (docs/guides/spaces-and-income.md). Sums are
// made in whole cents, so NOI is exactly EGI less expenses.
import { z } from "zod";
import { formatDollars } from "./parse/money.js";
import { moneyField, requiredTextField } from "./income-fields.js";

/** The income category the rent roll is checked against (the editor offers it first). */
export const BASE_RENT_CATEGORY = "Base rent";
/** A difference above this share of the rent roll's in-place rent is a warning. */
export const RECONCILIATION_TOLERANCE = 0.02;
export const MAX_STATEMENT_LINES = 60;

export interface StatementLine {
  category: string;
  amount: number;
}
export interface StatementYear {
  income: StatementLine[];
  expenses: StatementLine[];
}
export interface StatementYearFigures extends StatementYear {
  egi: number;
  totalExpenses: number;
  noi: number;
}
export interface OperatingStatement {
  t12: StatementYear;
  proForma?: StatementYear;
}
/** GET /api/listings/:id/operating-statement */
export interface OperatingStatementFigures {
  t12: StatementYearFigures;
  proForma?: StatementYearFigures;
  /** T-12 NOI over the asking price, as a percentage to 2 decimals (7.25 is 7.25%); null without both. */
  capRate: number | null;
  warnings: string[];
}

const lines = (label: string, negative: boolean) =>
  z
    .array(
      z.object({
        category: requiredTextField(`${label} category`, 80),
        // An income line may be negative (a vacancy or credit-loss allowance); expenses may not.
        amount: moneyField(`${label} amount`, { negative }).refine((v) => v !== null, `${label} amount is required, like $48,000`),
      }),
      { error: `${label} must be a list of {category, amount}` },
    )
    .max(MAX_STATEMENT_LINES, `At most ${MAX_STATEMENT_LINES} ${label.toLowerCase()} lines`);

const yearSchema = z.object({ income: lines("Income", true).default([]), expenses: lines("Expense", false).default([]) }, { error: "A statement year must be {income, expenses}" });

/** PUT /api/listings/:id/operating-statement */
export const operatingStatementSchema = z
  .object({ t12: yearSchema, proForma: yearSchema.nullish() }, { error: "The statement must be {t12, proForma}" })
  .superRefine((s, ctx) => {
    const baseRent = s.t12.income.filter((l) => isBaseRent(l.category));
    if (baseRent.some((l) => (l.amount as number) < 0)) ctx.addIssue({ code: "custom", path: ["t12", "income"], message: "Base rent must not be negative" });
  });
export type OperatingStatementInput = z.output<typeof operatingStatementSchema>;

const toCents = (n: number) => Math.round(n * 100);
const sumCents = (ls: readonly StatementLine[]) => ls.reduce((sum, l) => sum + toCents(l.amount), 0);

/** Whether an income line is the base rent ("Base rent", any case and spacing). */
export const isBaseRent = (category: string) => category.trim().replace(/\s+/g, " ").toLowerCase() === BASE_RENT_CATEGORY.toLowerCase();

/** EGI (all income lines, allowances included), total expenses and NOI = EGI − expenses. */
export function yearFigures(year: StatementYear): StatementYearFigures {
  const egi = sumCents(year.income);
  const expenses = sumCents(year.expenses);
  return { ...year, egi: egi / 100, totalExpenses: expenses / 100, noi: (egi - expenses) / 100 };
}

/** NOI over price as a percentage to 2 decimals; null without a positive price. */
export const capRateAt = (noi: number, askingPrice: number | null) =>
  askingPrice && askingPrice > 0 ? Math.round((noi / askingPrice) * 10_000) / 100 : null;

/** The T-12 base rent: the sum of its "Base rent" lines; null when it has none. */
export function baseRentIncome(year: StatementYear): number | null {
  const base = year.income.filter((l) => isBaseRent(l.category));
  return base.length ? sumCents(base) / 100 : null;
}

/**
 * Whether the statement's base rent and the rent roll's in-place rent differ by more than 2% of
 * the rent roll's (compared in whole cents, so exactly 2% is not flagged).
 */
export function rentsDisagree(statementBaseRent: number, rentRollInPlace: number): boolean {
  const diff = Math.abs(toCents(statementBaseRent) - toCents(rentRollInPlace));
  return diff * 100 > RECONCILIATION_TOLERANCE * 100 * toCents(rentRollInPlace);
}

/** The reconciliation's warning, or null when the two agree (or there is no rent roll to check). */
export function reconciliationWarning(statement: StatementYear, rentRoll: { tenantCount: number; inPlaceRent: number }): string | null {
  if (rentRoll.tenantCount === 0) return null;
  const base = baseRentIncome(statement);
  if (base === null) return `The T-12 has no "${BASE_RENT_CATEGORY}" income line to check against the rent roll's in-place rent of ${formatDollars(rentRoll.inPlaceRent)}.`;
  if (!rentsDisagree(base, rentRoll.inPlaceRent)) return null;
  const share = rentRoll.inPlaceRent > 0 ? ` (${((Math.abs(base - rentRoll.inPlaceRent) / rentRoll.inPlaceRent) * 100).toFixed(1)}%)` : "";
  return `The T-12 base rent of ${formatDollars(base)} differs from the rent roll's in-place rent of ${formatDollars(rentRoll.inPlaceRent)}${share}, more than 2%.`;
}

/** Every figure of GET /api/listings/:id/operating-statement. */
export function statementFigures(
  statement: OperatingStatement,
  askingPrice: number | null,
  rentRoll: { tenantCount: number; inPlaceRent: number },
): OperatingStatementFigures {
  const t12 = yearFigures(statement.t12);
  const warning = reconciliationWarning(statement.t12, rentRoll);
  return {
    t12,
    ...(statement.proForma ? { proForma: yearFigures(statement.proForma) } : {}),
    capRate: capRateAt(t12.noi, askingPrice),
    warnings: warning ? [warning] : [],
  };
}
