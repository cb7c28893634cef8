import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { capRateAt, operatingStatementSchema, reconciliationWarning, rentsDisagree, statementFigures, yearFigures } from "./operating-statement.js";

describe("operating statement figures, worked by hand", () => {
  const t12 = {
    income: [
      { category: "Base rent", amount: 120_000 },
      { category: "Expense reimbursements", amount: 30_000 },
      { category: "Vacancy allowance", amount: -6_000 },
    ],
    expenses: [
      { category: "Taxes", amount: 18_000.5 },
      { category: "Insurance", amount: 6_000.25 },
      { category: "Repairs", amount: 10_000 },
    ],
  };

  it("EGI is every income line, allowances included; NOI is EGI less expenses", () => {
    expect(yearFigures(t12)).toMatchObject({ egi: 144_000, totalExpenses: 34_000.75, noi: 109_999.25 });
  });

  it("the cap rate is T-12 NOI over the asking price, as a percentage to 2 decimals", () => {
    expect(capRateAt(109_999.25, 1_500_000)).toBe(7.33);
    expect(capRateAt(100_000, null)).toBeNull();
    expect(capRateAt(100_000, 0)).toBeNull();
    expect(statementFigures({ t12 }, 1_500_000, { tenantCount: 3, inPlaceRent: 120_000 })).toMatchObject({ capRate: 7.33, warnings: [] });
  });

  it("warns when the base rent and the rent roll differ by more than 2%, and says by how much", () => {
    expect(reconciliationWarning(t12, { tenantCount: 2, inPlaceRent: 117_648 })).toBeNull(); // 2,352 is just under 2% of 117,648
    expect(reconciliationWarning(t12, { tenantCount: 2, inPlaceRent: 110_000 })).toBe(
      "The T-12 base rent of $120,000 differs from the rent roll's in-place rent of $110,000 (9.1%), more than 2%.",
    );
    expect(reconciliationWarning(t12, { tenantCount: 0, inPlaceRent: 0 })).toBeNull();
    expect(reconciliationWarning({ income: [], expenses: [] }, { tenantCount: 1, inPlaceRent: 10 })).toMatch(/no "Base rent" income line/);
  });

  it("exactly 2% is not flagged; a cent more is", () => {
    expect(rentsDisagree(102_000, 100_000)).toBe(false);
    expect(rentsDisagree(98_000, 100_000)).toBe(false);
    expect(rentsDisagree(102_000.01, 100_000)).toBe(true);
    expect(rentsDisagree(1, 0)).toBe(true);
    expect(rentsDisagree(0, 0)).toBe(false);
  });

  it("refuses a negative expense and a negative base rent, naming the line", () => {
    const messages = (input: unknown) => operatingStatementSchema.safeParse(input).error?.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    expect(messages({ t12: { income: [], expenses: [{ category: "Taxes", amount: "-$5" }] } })).toEqual([
      "t12.expenses.0.amount: Expense amount must be a dollar amount of $0 or more with at most 2 decimals (not negative), like $48,000",
    ]);
    expect(messages({ t12: { income: [{ category: "Base rent", amount: -1 }, { category: "Vacancy", amount: "-$500" }] } })).toEqual(["t12.income: Base rent must not be negative"]);
    expect(messages({ t12: { income: [{ category: "Vacancy", amount: "-$500" }] } })).toBeUndefined();
  });
});

describe("properties", () => {
  const cents = fc.integer({ min: -10_000_000_00, max: 10_000_000_00 }).map((c) => c / 100);
  const line = (amount: fc.Arbitrary<number>) => fc.record({ category: fc.constantFrom("Base rent", "Other", "Taxes"), amount });

  it("NOI = EGI − expenses, to the cent, for any statement", () => {
    fc.assert(
      fc.property(fc.array(line(cents)), fc.array(line(cents.map(Math.abs))), (income, expenses) => {
        const f = yearFigures({ income, expenses });
        expect(Math.round(f.noi * 100)).toBe(Math.round(f.egi * 100) - Math.round(f.totalExpenses * 100));
        expect(Math.round(f.egi * 100)).toBe(income.reduce((s, l) => s + Math.round(l.amount * 100), 0));
      }),
    );
  });

  it("the reconciliation flags exactly the differences above 2% of the rent roll's rent", () => {
    const money = fc.integer({ min: 0, max: 10_000_000_00 });
    fc.assert(
      fc.property(money, money, (statementCents, rollCents) => {
        const flagged = reconciliationWarning({ income: [{ category: "Base rent", amount: statementCents / 100 }], expenses: [] }, { tenantCount: 1, inPlaceRent: rollCents / 100 }) !== null;
        // In whole cents: |a − b| > 2% of b  ⇔  50·|a − b| > b.
        expect(flagged).toBe(50 * Math.abs(statementCents - rollCents) > rollCents);
      }),
    );
  });
});
