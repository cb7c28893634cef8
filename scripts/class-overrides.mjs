// Where the client's classes lean on tailwind-merge (docs/guides/testing.md, the first page's
// budget): every place a class would override another of its group, which cn() settles by the
// order of the classes and plain CSS would settle by Tailwind's own order of the rules.
//   node scripts/class-overrides.mjs [component...]
// prints the cn() and cx() calls in which a later argument's class overrides an earlier one's, then
// each className given to a component that merges or joins it with its own classes
// (cn(..., className), cx(..., className)) where one of the caller's classes overrides one of the
// component's; with names, only those components. A first-page component's own classes in CSS's
// components layer (`ui-button`) are no Tailwind classes here: the cascade settles those. Read from the literals with the TypeScript parser: every class a literal of the call
// may give counts (both sides of a condition, all of a variant's options), so a pair listed may
// never meet on one element, and classes made at run time are not seen.
import fs from "node:fs";
import path from "node:path";
import { twMerge } from "tailwind-merge";
import ts from "typescript";

const only = new Set(process.argv.slice(2));
const src = path.resolve(import.meta.dirname, "..", "client", "src");
// Class lists are lower-case words without prose punctuation (as client/src/lib/cn.test.ts reads them).
const CLASS_SHAPED = /^[!a-z0-9\-:[\]/.()_%#&>*@,='+]+$/;

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Every class word in the string literals (and clsx object keys) under `node`. */
function classesIn(node) {
  const found = new Set();
  const take = (text) => {
    const words = text.split(/\s+/).filter(Boolean);
    if (words.length > 0 && words.every((word) => CLASS_SHAPED.test(word))) for (const word of words) found.add(word);
  };
  const visit = (n) => {
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateLiteralToken(n)) take(n.text);
    else if (ts.isPropertyAssignment(n) && ts.isStringLiteral(n.name)) take(n.name.text);
    ts.forEachChild(n, visit);
  };
  visit(node);
  return found;
}

// `b` (later) overrides `a` when tailwind-merge drops `a` from "a b".
const overrides = (a, b) => a !== b && twMerge(`${a} ${b}`) !== `${a} ${b}`;
const pairs = (earlier, later) => [...earlier].flatMap((a) => [...later].filter((b) => overrides(a, b)).map((b) => `${a} ← ${b}`));

const sources = sourceFiles(src).map((file) => ({
  name: path.relative(src, file),
  tree: ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, true, file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS),
}));
const where = (source, node) => `${source.name}:${source.tree.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;
const walk = (node, visit) => {
  visit(node);
  ts.forEachChild(node, (child) => walk(child, visit));
};

// The cva() definitions: a call of one gives any of its classes.
const variants = new Map();
for (const { tree } of sources)
  walk(tree, (n) => {
    if (ts.isVariableDeclaration(n) && n.initializer && ts.isCallExpression(n.initializer) && n.initializer.expression.getText() === "cva") variants.set(n.name.getText(), classesIn(n.initializer));
  });
function argumentClasses(arg) {
  const found = classesIn(arg);
  walk(arg, (n) => {
    if (ts.isCallExpression(n) && variants.has(n.expression.getText())) for (const name of variants.get(n.expression.getText())) found.add(name);
  });
  return found;
}

/** The component (or, for the button, its class helper) whose function holds `node`. */
function componentOf(node) {
  for (let at = node.parent; at; at = at.parent) {
    if (ts.isFunctionDeclaration(at) && at.name) return at.name.text === "buttonClassName" ? "Button" : at.name.text;
    if (ts.isVariableDeclaration(at) && ts.isIdentifier(at.name) && /^[A-Z]/.test(at.name.text)) return at.name.text;
  }
  return null;
}

// cn() settles these by merging; cx() (the first page's) only joins, so under cx every line here
// is a class that Tailwind's own rule order, not the caller, decides, and must be rewritten.
const JOINERS = new Set(["cn", "cx"]);
const within = [];
const components = new Map();
for (const source of sources)
  walk(source.tree, (n) => {
    if (!ts.isCallExpression(n) || !JOINERS.has(n.expression.getText())) return;
    const args = n.arguments.map((arg) => ({ classes: argumentClasses(arg), passed: /\bclassName\b/.test(arg.getText()) }));
    args.forEach((earlier, i) => args.slice(i + 1).forEach((later) => within.push(...pairs(earlier.classes, later.classes).map((pair) => `${where(source, n)}  ${n.expression.getText()}: ${pair}`))));
    const component = args.some((arg) => arg.passed) ? componentOf(n) : null;
    if (!component) return;
    const own = components.get(component) ?? new Set();
    for (const arg of args.filter((a) => !a.passed)) for (const name of arg.classes) own.add(name);
    components.set(component, own);
  });

const byCallers = [];
for (const source of sources)
  walk(source.tree, (n) => {
    if (!(ts.isJsxOpeningElement(n) || ts.isJsxSelfClosingElement(n))) return;
    const component = n.tagName.getText();
    if (!components.has(component) || (only.size > 0 && !only.has(component))) return;
    const attribute = n.attributes.properties.find((p) => ts.isJsxAttribute(p) && p.name.getText() === "className");
    const found = attribute?.initializer ? pairs(components.get(component), classesIn(attribute.initializer)) : [];
    if (found.length > 0) byCallers.push(`${where(source, n)}  <${component}> ${found.join(", ")}`);
  });

if (only.size === 0) {
  console.log(`cn() and cx() calls in which a later class overrides an earlier one: ${within.length}`);
  for (const line of within) console.log(`  ${line}`);
}
console.log(`className given to a component that overrides its own classes: ${byCallers.length}`);
for (const line of byCallers) console.log(`  ${line}`);
