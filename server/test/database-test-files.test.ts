// The PostgreSQL run leaves out the server test files that cannot reach PostgreSQL
// (server/test/database-test-files.ts): none may be lost between the two sets, and a file that
// reaches the database only through helpers must still count.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import server from "../../vitest.config.ts";
import { createReachability, serverTestFiles, splitByDatabase } from "./database-test-files.js";

const root = path.resolve(import.meta.dirname, "..", "..");
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "database-test-files-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(files: Record<string, string>) {
  for (const [name, text] of Object.entries(files)) fs.writeFileSync(path.join(dir, name), text);
}

describe("the server test files on PostgreSQL", () => {
  it("puts every file the server suite runs in exactly one set: with a database or without", () => {
    const patterns = (server.test?.include ?? []).filter((pattern) => !pattern.endsWith(".pg-test.ts"));
    const suite = patterns.flatMap((pattern) => fs.globSync(pattern, { cwd: root })).sort();
    expect(serverTestFiles()).toEqual(suite);
    const { database, noDatabase } = splitByDatabase();
    expect([...database, ...noDatabase].sort()).toEqual(suite);
    expect(database.filter((file) => noDatabase.includes(file))).toEqual([]);
  });

  it("counts a file that reaches the test database through the test app, and not a pure parser's", () => {
    const { database, noDatabase } = splitByDatabase();
    expect(database).toContain("server/features/auth/registration.test.ts");
    expect(noDatabase).toContain("shared/parse/parsers.test.ts");
  });

  it("follows imports, re-exports, dynamic imports and cycles down to what names the database", () => {
    write({
      "deep.ts": "export const url = () => process.env.TEST_DATABASE_URL;\n",
      "template.ts": 'import { inject } from "vitest";\nexport const t = () => inject("postgresTemplate");\n',
      "helper.ts": 'export { url } from "./deep.js";\n',
      "through-helper.test.ts": 'import { url } from "./helper.js";\nurl();\n',
      "dynamic.test.ts": 'await import("./template.js");\n',
      "cycle-a.ts": 'import "./cycle-b.js";\nexport const a = 1;\n',
      "cycle-b.ts": 'import "./cycle-a.js";\nimport "./deep.js";\n',
      "in-cycle.test.ts": 'import { a } from "./cycle-a.js";\na;\n',
      "pure.ts": 'import fs from "node:fs";\nimport { z } from "zod";\nexport const p = [fs, z];\n',
      "pure.test.ts": 'import { p } from "./pure.js";\np;\n',
    });
    const reaches = createReachability();
    const at = (name: string) => reaches(path.join(dir, name));
    expect(["through-helper.test.ts", "dynamic.test.ts", "in-cycle.test.ts", "pure.test.ts"].map(at)).toEqual([true, true, true, false]);
  });
});
