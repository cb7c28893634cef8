// What the signed-in first page's JavaScript is made of (docs/guides/testing.md). Build with
// source maps into a folder of your own, then read it:
//   npx vite build --sourcemap --outDir /tmp/page && node scripts/first-page-sources.mjs /tmp/page
// prints each chunk's gzip size and its sources' minified bytes, largest first; with patterns
// (`... /tmp/page lucide-react shared/parse/`) it prints, for each, about how much gzip the page
// would lose without the sources whose path matches (their bytes taken out, the rest gzipped).
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { SourceMapConsumer } from "source-map-js";

const [out, ...patterns] = process.argv.slice(2);
if (!out) {
  console.error("usage: node scripts/first-page-sources.mjs <build folder> [source pattern...]");
  process.exit(1);
}

// The entry and the Active Listings chunk with what they import statically, as
// e2e/client-bundle.e2e.ts reads them from the manifest.
function firstPageFiles() {
  const manifest = JSON.parse(fs.readFileSync(path.join(out, ".vite", "manifest.json"), "utf8"));
  const loaded = new Set();
  const visit = (key) => {
    if (loaded.has(key)) return;
    loaded.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  for (const key of Object.keys(manifest)) if (manifest[key].isEntry) visit(key);
  visit(Object.keys(manifest).find((key) => manifest[key].name === "active-listings"));
  return [...loaded].map((key) => manifest[key].file);
}

/** The chunk's code and, for each mapped stretch of it, the source it came from. */
function readChunk(file) {
  const code = fs.readFileSync(path.join(out, file), "utf8");
  const lines = code.split("\n");
  const mappings = [];
  new SourceMapConsumer(JSON.parse(fs.readFileSync(path.join(out, `${file}.map`), "utf8"))).eachMapping((m) => mappings.push(m));
  mappings.sort((a, b) => a.generatedLine - b.generatedLine || a.generatedColumn - b.generatedColumn);
  const stretches = mappings.map((m, i) => {
    const next = mappings[i + 1];
    const end = next && next.generatedLine === m.generatedLine ? next.generatedColumn : lines[m.generatedLine - 1].length;
    return { line: m.generatedLine - 1, start: m.generatedColumn, end, source: (m.source ?? "(unmapped)").replace(/^.*node_modules\//, "").replace(/^(\.\.\/)+/, "") };
  });
  return { code, lines, stretches };
}

const kb = (bytes) => (bytes / 1024).toFixed(2).padStart(7);
const chunks = firstPageFiles().map((file) => ({ file, ...readChunk(file) }));
let total = 0;
for (const { file, code, stretches } of chunks) {
  const gzip = gzipSync(code).length;
  total += gzip;
  console.log(`${file}: ${kb(code.length)} KB minified, ${kb(gzip)} KB gzip`);
  if (patterns.length > 0) continue;
  const bySource = new Map();
  for (const s of stretches) bySource.set(s.source, (bySource.get(s.source) ?? 0) + s.end - s.start);
  for (const [source, bytes] of [...bySource].sort((a, b) => b[1] - a[1])) console.log(`${kb(bytes)}  ${source}`);
}
console.log(`first page: ${kb(total)} KB gzip`);

for (const pattern of patterns) {
  const matches = new RegExp(pattern);
  let saved = 0;
  let minified = 0;
  for (const { code, lines, stretches } of chunks) {
    const kept = lines.map((line) => new Uint8Array(line.length).fill(1));
    for (const s of stretches.filter((s) => matches.test(s.source))) {
      kept[s.line].fill(0, s.start, s.end);
      minified += s.end - s.start;
    }
    const rest = lines.map((line, i) => [...line].filter((_, j) => kept[i][j]).join("")).join("\n");
    saved += gzipSync(code).length - gzipSync(rest).length;
  }
  console.log(`${pattern}: ${kb(minified)} KB minified, about ${kb(saved)} KB gzip`);
}
