// The documents the code points at exist: every docs/decisions/… reference names a decision
// file, every "spec §N" a section of docs/product-spec.md, and every decision has a date, a
// status and a line in the index.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.join(import.meta.dirname, "..");
const decisionsDir = path.join(root, "docs", "decisions");
const SOURCE_DIRS = ["client", "server", "shared", "e2e", "bench", "scripts", "docs"];
const SOURCE_FILE = /\.(ts|tsx|js|mjs|md|css|html|sh|svg)$/;

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name === "node_modules" || entry.name === "dist") return [];
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : SOURCE_FILE.test(entry.name) ? [full] : [];
  });
}

const sources = [...SOURCE_DIRS.flatMap((dir) => walk(path.join(root, dir))), path.join(root, "README.md")]
  // The specification is quoted, not written here.
  .filter((file) => file !== path.join(root, "docs", "product-spec.md"))
  .map((file) => ({ file: path.relative(root, file), text: fs.readFileSync(file, "utf8") }));

const archiveDir = path.join(decisionsDir, "archive");
const isDecision = (name: string) => /^\d{3}-.+\.md$/.test(name);
// The decisions in force, and those kept in archive/ for their history (replaced, or a fix's record).
const decisionFiles = fs.readdirSync(decisionsDir).filter(isDecision);
const archivedFiles = fs.readdirSync(archiveDir).filter(isDecision);

describe("documents referenced from the code", () => {
  it("every docs/decisions reference names an existing decision", () => {
    const broken: string[] = [];
    for (const { file, text } of sources) {
      for (const match of text.matchAll(/docs\/decisions\/(archive\/)?(\d{3})(-[\w.-]*?)?(?=[.,;:)\s`'"]|$)/gm)) {
        const [whole, archived, number, rest] = match;
        const files = archived ? archivedFiles : decisionFiles;
        const exists = rest
          ? files.includes(`${number}${rest.endsWith(".md") ? rest : `${rest}.md`}`)
          : files.some((name) => name.startsWith(`${number}-`));
        if (!exists) broken.push(`${file}: ${whole}`);
      }
    }
    expect(broken).toEqual([]);
  });

  it("every spec §N names a section of docs/product-spec.md", () => {
    const spec = fs.readFileSync(path.join(root, "docs", "product-spec.md"), "utf8");
    const sections = new Set([...spec.matchAll(/^## (\d+)\. /gm)].map((m) => m[1]));
    expect(sections.size).toBeGreaterThan(0);
    const broken = sources.flatMap(({ file, text }) =>
      [...text.matchAll(/§\s?(\d+)/g)].filter((m) => !sections.has(m[1])).map((m) => `${file}: ${m[0]}`),
    );
    expect(broken).toEqual([]);
  });

  // A tracker's issue, named by its number, means nothing to someone who clones the repository:
  // code, tests and scripts name the decision file, the spec section, or what the thing is. The
  // pattern is put together from parts so that this file does not match it.
  it("no code, test, script or bench points at a tracker issue by number", () => {
    const trackerReference = new RegExp(String.raw`\b${"issue"}s? #?[0-9]+`, "i");
    const checkedDirs = ["client", "server", "shared", "e2e", "scripts", "bench"].map((dir) => `${dir}${path.sep}`);
    const offending = sources
      .filter(({ file }) => checkedDirs.some((dir) => file.startsWith(dir)))
      .flatMap(({ file, text }) =>
        text.split(/\r?\n/).flatMap((line, i) => (trackerReference.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
      );
    expect(offending).toEqual([]);
  });
});

describe("decision records", () => {
  const index = fs.readFileSync(path.join(decisionsDir, "README.md"), "utf8");

  it.each(decisionFiles)("%s has a title, a date and a status, and is in the index", (name) => {
    const text = fs.readFileSync(path.join(decisionsDir, name), "utf8");
    expect(text).toMatch(new RegExp(`^# ${name.slice(0, 3)} \\S`));
    expect(text).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/m);
    expect(text).toMatch(/^Status: (accepted|superseded by \d{3})\b/m);
    expect(index).toContain(`](${name})`);
  });

  it("the index links only to decisions that exist", () => {
    const linked = [...index.matchAll(/\]\(((?:archive\/)?\d{3}-[^)]+\.md)\)/g)].map((m) => m[1]);
    expect(linked.filter((name) => !fs.existsSync(path.join(decisionsDir, name)))).toEqual([]);
  });

  const archiveIndex = fs.readFileSync(path.join(archiveDir, "README.md"), "utf8");
  it.each(archivedFiles)("archived %s has a title, a date and a status, and is in the archive's index only", (name) => {
    const text = fs.readFileSync(path.join(archiveDir, name), "utf8");
    expect(text).toMatch(new RegExp(`^# ${name.slice(0, 3)} \\S`));
    expect(text).toMatch(/^Date: \d{4}-\d{2}-\d{2}$/m);
    expect(archiveIndex).toContain(`](${name})`);
    expect(index).not.toContain(`](${name})`);
    expect(decisionFiles.some((inForce) => inForce.startsWith(name.slice(0, 4)))).toBe(false);
  });

  it("every relative link in a decision or the archive's index reaches a file", () => {
    const docs = [
      ...decisionFiles.map((name) => path.join(decisionsDir, name)),
      ...archivedFiles.map((name) => path.join(archiveDir, name)),
      path.join(decisionsDir, "README.md"),
      path.join(archiveDir, "README.md"),
    ];
    const broken = docs.flatMap((file) =>
      [...fs.readFileSync(file, "utf8").matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)]
        .map((m) => m[1])
        .filter((target) => !/^[a-z]+:/.test(target) && !fs.existsSync(path.resolve(path.dirname(file), target)))
        .map((target) => `${path.relative(root, file)}: ${target}`),
    );
    expect(broken).toEqual([]);
  });
});
