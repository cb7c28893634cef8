// Two limits the house keeps by machine, since neither shows in a review of one change: tests wait
// by the named timeouts of testing/timeouts.ts, never by a long literal; and the code links to
// decision records only where the why is longer than a comment (docs/decisions/README.md).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.join(import.meta.dirname, "..");
const CODE_DIRS = ["client", "server", "shared", "testing", "e2e", "bench", "scripts"];
const CODE_FILE = /\.(ts|tsx|js|mjs)$/;

function walk(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === "node_modules" || entry.name === "dist") return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : CODE_FILE.test(entry.name) ? [full] : [];
  });
}

const rootConfigs = fs.readdirSync(root).filter((name) => /\.config\.(ts|js|mjs)$/.test(name)).map((name) => path.join(root, name));
const code = [...CODE_DIRS.flatMap((dir) => walk(path.join(root, dir))), ...rootConfigs].map((file) => ({
  file: path.relative(root, file),
  text: fs.readFileSync(file, "utf8"),
}));

/** Literal waits in a file: `timeout: N`, `testTimeout: N`, and a test's last argument `}, N)`. */
function longLiteralTimeouts(text: string, atLeastMs = 60_000): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/(?:[Tt]imeout:\s*(\d[\d_]*)(?=\s*[,)}])|\},\s*(\d[\d_]*)(?=\s*\)))/g)) {
    if (Number((match[1] ?? match[2]).replaceAll("_", "")) >= atLeastMs) found.push(match[0]);
  }
  return found;
}

/** Links to a decision record: a path under docs/decisions/ or "decision NNN". */
function decisionLinks(text: string): string[] {
  return [...text.matchAll(/docs\/decisions\/(?:archive\/)?\d{3}|\b[Dd]ecisions?\s+\d{3}\b/g)].map((m) => m[0]);
}

const DECISION_LINKS_AT_MOST = 100;

describe("how long tests wait", () => {
  it("finds the literal forms it refuses", () => {
    expect(longLiteralTimeouts('describe("x", { timeout: 90_000 }, () => {')).toEqual(["timeout: 90_000"]);
    expect(longLiteralTimeouts("  }, 120000);")).toEqual(["}, 120000"]);
    expect(longLiteralTimeouts("testTimeout: 60_000,")).toEqual(["Timeout: 60_000"]);
    expect(longLiteralTimeouts("await x.waitFor({ timeout: 30_000 }); }, TIMEOUT.slow);")).toEqual([]);
    // A value passed after an object is data, not a wait: only a test's last argument counts.
    expect(longLiteralTimeouts("statementFigures({ t12 }, 1_500_000, { tenants: 3 })")).toEqual([]);
  });

  it("has no literal timeout of 60 s or more outside testing/timeouts.ts", () => {
    const offending = code
      .filter(({ file }) => file !== path.join("testing", "timeouts.ts") && file !== path.join("scripts", "house-limits.test.ts"))
      .flatMap(({ file, text }) => longLiteralTimeouts(text).map((literal) => `${file}: ${literal}`));
    expect(offending).toEqual([]);
  });
});

describe("links from the code to decision records", () => {
  it("counts both forms", () => {
    expect(decisionLinks("// see docs/decisions/120-job-queue.md and decision 186; decisions 196")).toHaveLength(3);
  });

  it(`are at most ${DECISION_LINKS_AT_MOST}`, () => {
    const links = code.filter(({ file }) => file !== path.join("scripts", "house-limits.test.ts")).flatMap(({ file, text }) => decisionLinks(text).map((link) => `${file}: ${link}`));
    console.log(`decision links in the code: ${links.length} of at most ${DECISION_LINKS_AT_MOST}`);
    expect(links.length).toBeLessThanOrEqual(DECISION_LINKS_AT_MOST);
  });
});
