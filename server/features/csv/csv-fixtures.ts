// Builders for CSV files in tests.
import { CSV_TEMPLATE_COLUMNS, toCsvLine, type CsvColumn } from "../../../shared/csv-columns.js";

let counter = 0;

/** One valid template row by column; overrides win. */
export function templateRow(overrides: Partial<Record<CsvColumn | string, string>> = {}): Record<string, string> {
  counter += 1;
  return {
    "Listing Name": `Imported Shop ${counter}`,
    Address: `${counter} Import Avenue`,
    City: "Morgantown",
    State: "WV",
    "Offering Type": "Sell",
    "Property Description": `A corner shop with parking, number ${counter}.`,
    "Marketing Category": "Double",
    Notes: "",
    "Marketing Category Reference": "",
    "Marketing Flyer Link": "",
    "Looplink Link": "",
    "Is Active": "",
    ...overrides,
  };
}

/** A CSV file with the given columns (the template's by default) and rows. */
export function csvFile(rows: Record<string, string>[], columns: readonly string[] = CSV_TEMPLATE_COLUMNS): string {
  return toCsvLine(columns) + rows.map((r) => toCsvLine(columns.map((c) => r[c] ?? ""))).join("");
}
