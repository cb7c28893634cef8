import fs from "node:fs";
import path from "node:path";
import { twMerge } from "tailwind-merge";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { cn } from "./cn";
import { TIMEOUT } from "../../../testing/timeouts.ts";

// cn() runs tailwind-merge's engine with only the class groups our classes fall in.
// The full twMerge is imported here only,
// as the reference: every Tailwind class written anywhere in client/src must merge with every other
// (and with itself) exactly as twMerge merges them. The engine keeps a class unless a later kept
// class's group or conflicts cover it, so agreeing on every pair means agreeing on every class list
// made of them: a component's base classes, its variants and whatever className a caller passes.

const srcDir = path.resolve(import.meta.dirname, "..");
// A Tailwind class for the full configuration: it merges a copy of itself away.
const isTailwindClass = (word: string) => twMerge(`${word} ${word}`) === word;
// Class lists are lower-case words without prose punctuation.
const CLASS_SHAPED = /^[!a-z0-9\-:[\]/.()_%#&>*@,='+]+$/;

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

/** Every Tailwind class in the string literals and template literals' fixed parts of client/src. */
function classesInSource(): Set<string> {
  const classes = new Set<string>();
  // A word that touches a template's ${...} is only part of a class: leave it out.
  const take = (text: string, openStart: boolean, openEnd: boolean) => {
    const words = text.split(/\s+/);
    if (openStart && !/^\s/.test(text)) words.shift();
    if (openEnd && !/\s$/.test(text)) words.pop();
    const list = words.filter(Boolean);
    if (list.length === 0 || !list.every((word) => CLASS_SHAPED.test(word))) return;
    for (const word of list) if (isTailwindClass(word)) classes.add(word);
  };
  for (const file of sourceFiles(srcDir)) {
    const kind = file.endsWith(".tsx") ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
    const source = ts.createSourceFile(file, fs.readFileSync(file, "utf8"), ts.ScriptTarget.Latest, false, kind);
    const visit = (node: ts.Node) => {
      if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) take(node.text, false, false);
      else if (ts.isTemplateHead(node)) take(node.text, false, true);
      else if (ts.isTemplateMiddle(node)) take(node.text, true, true);
      else if (ts.isTemplateTail(node)) take(node.text, true, false);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return classes;
}

// Classes under different variants (`hover:`, `md:`, `!`) never meet: the engine's conflict keys
// start with the sorted variants, whatever the configuration, so only pairs under the same ones are
// compared.
function byVariants(classes: string[]): string[][] {
  const groups = new Map<string, string[]>();
  for (const name of classes) {
    const parts = name.split(/:(?![^[]*\])/);
    const base = parts.pop()!;
    const key = [...parts.sort(), base.startsWith("!") || base.endsWith("!") ? "!" : ""].join(":");
    groups.set(key, [...(groups.get(key) ?? []), name]);
  }
  return [...groups.values()];
}

describe("cn", () => {
  it("lets a later class override an earlier one of the same group, the caller's className winning", () => {
    expect(cn("px-4 py-2 text-sm", "px-2")).toBe("py-2 text-sm px-2");
    expect(cn("p-4", "px-2 pt-0")).toBe("p-4 px-2 pt-0");
    expect(cn("px-2", "p-4")).toBe("p-4");
    expect(cn("text-sm text-muted-foreground", "text-destructive")).toBe("text-sm text-destructive");
    expect(cn("border border-input", "border-0", false, undefined, { hidden: true })).toBe("border-input border-0 hidden");
    expect(cn("hover:bg-accent bg-card", "hover:bg-muted")).toBe("bg-card hover:bg-muted");
  });

  it("merges every pair of the Tailwind classes in client/src as the full tailwind-merge does", () => {
    const classes = [...classesInSource()];
    // The button's and the badge's variants are among them, so the scan reads the source.
    expect(classes.length).toBeGreaterThan(500);
    expect(classes).toEqual(expect.arrayContaining(["inline-flex", "px-3", "text-sm", "hover:bg-accent"]));
    const differences: string[] = [];
    for (const group of byVariants(classes)) {
      for (const first of group) {
        for (const second of group) {
          const list = `${first} ${second}`;
          const ours = cn(list);
          const full = twMerge(list);
          if (ours !== full) differences.push(`"${list}": cn gives "${ours}", twMerge "${full}"`);
        }
      }
    }
    // A class here is missing from client/src/lib/cn-class-groups.ts or lands in another group.
    expect(differences.slice(0, 30)).toEqual([]);
  }, TIMEOUT.slow);
});
