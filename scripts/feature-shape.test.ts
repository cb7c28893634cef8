// Every feature has the same shape: a reader who knows one
// server feature knows where everything of another lives, and the client and server name a
// feature alike.
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = path.join(import.meta.dirname, "..");
const dirs = (at: string) => fs.readdirSync(path.join(root, at)).filter((name) => fs.statSync(path.join(root, at, name)).isDirectory());
const has = (feature: string, file: string) => fs.existsSync(path.join(root, "server/features", feature, file));
const tests = (feature: string) => fs.readdirSync(path.join(root, "server/features", feature)).filter((f) => /\.(pg-)?test\.ts$/.test(f));

/** Every module specifier a file names: imports, re-exports and dynamic import()s. */
function moduleReferences(file: string): { specifier: string; statement: string }[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const found: { specifier: string; statement: string }[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({ specifier: node.moduleSpecifier.text, statement: node.getText() });
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && ts.isStringLiteral(node.arguments[0])) {
      found.push({ specifier: node.arguments[0].text, statement: node.getText() });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const isOwnData = (specifier: string) => /^\.\/data(\.js|\.ts)?$/.test(specifier);

/**
 * What a service.ts hands out of its data.ts unchanged: `export … from "./data"`, or a name
 * imported from it and exported again (`export { x }`, `export const y = x`, `= data.x`).
 * Types are shapes, not calls: a service may name its data's row types.
 */
function dataPassedThrough(file: string): string[] {
  const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true);
  const fromData = new Set<string>();
  for (const node of source.statements) {
    if (!ts.isImportDeclaration(node) || !ts.isStringLiteral(node.moduleSpecifier) || !isOwnData(node.moduleSpecifier.text)) continue;
    const clause = node.importClause;
    if (clause?.isTypeOnly) continue;
    if (clause?.name) fromData.add(clause.name.text);
    if (clause?.namedBindings && ts.isNamespaceImport(clause.namedBindings)) fromData.add(clause.namedBindings.name.text);
    if (clause?.namedBindings && ts.isNamedImports(clause.namedBindings)) for (const el of clause.namedBindings.elements) if (!el.isTypeOnly) fromData.add(el.name.text);
  }
  const dataName = (expr: ts.Expression): boolean =>
    ts.isIdentifier(expr) ? fromData.has(expr.text) : ts.isPropertyAccessExpression(expr) ? dataName(expr.expression) : false;
  const passed: string[] = [];
  for (const node of source.statements) {
    if (ts.isExportDeclaration(node)) {
      if (node.isTypeOnly) continue;
      const values = node.exportClause && ts.isNamedExports(node.exportClause) ? node.exportClause.elements.filter((el) => !el.isTypeOnly) : undefined;
      if (node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
        // `export *` (no clause) hands out everything.
        if (isOwnData(node.moduleSpecifier.text) && (values === undefined || values.length > 0)) passed.push(node.getText());
      } else if (values?.some((el) => fromData.has((el.propertyName ?? el.name).text))) {
        passed.push(node.getText());
      }
    } else if (ts.isExportAssignment(node) && dataName(node.expression)) {
      passed.push(node.getText());
    } else if (ts.isVariableStatement(node) && node.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)) {
      for (const d of node.declarationList.declarations) if (d.initializer && dataName(d.initializer)) passed.push(node.getText());
    }
  }
  return passed;
}

// Features that talk to no one over HTTP: other features use them through their service.
// Geocoding places listings from the listings' own routes and jobs.
const INTERNAL = ["geocoding", "listing-rows", "mail", "sessions"];
// Features that keep nothing of their own in the database.
const STATELESS = ["auth", "events", "flyer", "flyer-link", "health", "maps"];
// Server features whose work the client does inside another feature's screens (no client folder).
// The event stream's client is client/src/lib/live-events.ts, beside the query cache it feeds; the
// brand and the app's address are edited on the Settings page, the flyer downloaded from a listing's screens, saved views
// chosen from the listing pages' own menu, prospects moved on the leads' board in a listing's detail,
// documents managed on the deal room's page (client/src/features/deal-room), feed keys and the
// inventory's settings in Settings. Campaigns have their server side only until their page comes.
const SERVER_ONLY = ["app-address", "brand", "events", "feed", "flyer", "flyer-link", "geocoding", "health", "inventory", "listing-rows", "mail", "posts", "prospects", "sessions", "views", "documents"];
// Client features with no server routes of their own.
const CLIENT_ONLY: string[] = [];

describe("feature shape", () => {
  const serverFeatures = dirs("server/features");

  it.each(serverFeatures)("server feature %s has routes, service, data, access matrix and tests", (feature) => {
    expect(has(feature, "service.ts"), "service.ts").toBe(true);
    if (!STATELESS.includes(feature)) expect(has(feature, "data.ts"), "data.ts").toBe(true);
    if (!INTERNAL.includes(feature)) {
      expect(has(feature, "routes.ts"), "routes.ts").toBe(true);
      expect(has(feature, "access.matrix.ts"), "access.matrix.ts").toBe(true);
    }
    expect(tests(feature).length, "tests").toBeGreaterThan(0);
  });

  // Routes are HTTP (guards, parsing, status codes); the rules, and every query, sit behind the
  // feature's service.
  it.each(serverFeatures.filter((f) => has(f, "routes.ts")))("server feature %s: routes.ts uses only its own service.ts in its feature", (feature) => {
    const file = path.join(root, "server/features", feature, "routes.ts");
    const own = moduleReferences(file).filter(({ specifier }) => specifier.startsWith("./") && !/^\.\/service(\.js|\.ts)?$/.test(specifier));
    expect(own.map((r) => r.statement)).toEqual([]);
  });

  // A service that re-exports its queries lets other features call data.ts by another name.
  it.each(serverFeatures.filter((f) => has(f, "service.ts") && has(f, "data.ts")))("server feature %s: service.ts passes none of data.ts through", (feature) => {
    expect(dataPassedThrough(path.join(root, "server/features", feature, "service.ts"))).toEqual([]);
  });

  // The template import and the wizard accept, match and lock alike because they share one
  // module, not because one borrows the other's insides.
  it.each([
    ["csv", "imports"],
    ["imports", "csv"],
  ])("server feature %s does not import %s: both importers meet in listing-rows", (feature, other) => {
    const dir = path.join(root, "server/features", feature);
    const reaching = fs
      .readdirSync(dir)
      .filter((f) => f.endsWith(".ts") && !/\.(pg-|s3-)?test\.ts$/.test(f))
      .flatMap((f) => moduleReferences(path.join(dir, f)).filter(({ specifier }) => specifier.startsWith(`../${other}/`)))
      .map((r) => r.statement);
    expect(reaching).toEqual([]);
  });

  it("client and server name their features alike", () => {
    const client = dirs("client/src/features").filter((f) => !CLIENT_ONLY.includes(f));
    const server = serverFeatures.filter((f) => !SERVER_ONLY.includes(f));
    expect(client.sort()).toEqual(server.sort());
  });
});
