// Which server test files can reach PostgreSQL, for the PostgreSQL run of the server suite
// (vitest.postgres.config.ts): a file whose results cannot depend on the database already gave
// its answer on PGlite.
//
// Test code learns of PostgreSQL only from TEST_DATABASE_URL or the template global-setup.ts
// provides (`postgresTemplate`), so a file reaches PostgreSQL only if it, or a local module it
// imports however indirectly, names one of them. The rule errs towards running: a type import or a
// comment that names them counts too.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = path.resolve(import.meta.dirname, "..", "..");
const REACHES_POSTGRES = /TEST_DATABASE_URL|postgresTemplate/;

/** Every server test file the server suite runs (vitest.config.ts), relative to the root. */
export function serverTestFiles(): string[] {
  return [...fs.globSync("server/**/*.test.ts", { cwd: root }), ...fs.globSync("shared/**/*.test.ts", { cwd: root })].sort();
}

/** A relative import's file: TypeScript sources are imported by their .js name. */
function resolveLocal(from: string, specifier: string): string | null {
  if (!specifier.startsWith(".")) return null;
  const target = path.resolve(path.dirname(from), specifier);
  const candidates = [target, target.replace(/\.js$/, ".ts"), `${target}.ts`, path.join(target, "index.ts")];
  return candidates.find((file) => /\.tsx?$/.test(file) && fs.existsSync(file)) ?? null;
}

/** Whether a file or anything it imports from this repository names the PostgreSQL test setup. */
export function createReachability(): (file: string) => boolean {
  const read = new Map<string, { names: boolean; imports: string[] }>();
  const facts = (file: string) => {
    let found = read.get(file);
    if (!found) {
      const text = fs.readFileSync(file, "utf8");
      const imports = ts.preProcessFile(text, true, true).importedFiles.map((ref) => resolveLocal(file, ref.fileName));
      found = { names: REACHES_POSTGRES.test(text), imports: imports.filter((target) => target !== null) };
      read.set(file, found);
    }
    return found;
  };
  // A walk of the whole import graph from each file (import cycles are common): each file is read once.
  return (start) => {
    const seen = new Set<string>();
    const queue = [path.resolve(root, start)];
    for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
      if (seen.has(file)) continue;
      seen.add(file);
      const { names, imports } = facts(file);
      if (names) return true;
      queue.push(...imports);
    }
    return false;
  };
}

/** The server test files that can reach PostgreSQL, and those that cannot. */
export function splitByDatabase(files = serverTestFiles()): { database: string[]; noDatabase: string[] } {
  const reaches = createReachability();
  return { database: files.filter(reaches), noDatabase: files.filter((file) => !reaches(file)) };
}
