import type { LoadResult } from "./load.js";

const number = (n: number, digits = 0) =>
  Number.isFinite(n) ? n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits }) : "-";

export const megabytes = (bytes: number) => `${number(bytes / 1_048_576, 2)} MB`;

/** One row per target, side by side. */
export function printTable(rows: { label: string; result: LoadResult }[]): void {
  const width = Math.max(...rows.map((r) => r.label.length));
  console.log(`  ${"".padEnd(width)}  ${"req/s".padStart(9)}  ${"p50 ms".padStart(8)}  ${"p99 ms".padStart(8)}  ${"requests".padStart(8)}  errors`);
  for (const { label, result } of rows) {
    console.log(
      `  ${label.padEnd(width)}  ${number(result.rps, 1).padStart(9)}  ${number(result.p50Ms, 1).padStart(8)}  ${number(result.p99Ms, 1).padStart(8)}  ${String(result.requests).padStart(8)}  ${result.errors}`,
    );
  }
}

export const ratio = (a: LoadResult, b: LoadResult) => (b.rps > 0 ? `${number(a.rps / b.rps, 2)}×` : "-");
