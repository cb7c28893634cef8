import AxeBuilder from "@axe-core/playwright";
import type { Page } from "playwright-core";

/**
 * The serious and critical axe findings on the page (or inside `include`, leaving out `exclude`),
 * one line each. A frame sandboxed without scripts (a message preview) must be excluded: axe
 * cannot run inside it and would wait for it forever.
 */
export async function seriousViolations(page: Page, include?: string, exclude?: string): Promise<string[]> {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  if (exclude) builder = builder.exclude(exclude);
  const results = await builder.analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}
