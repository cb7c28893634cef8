// The built client carries no server code: the tables (drizzle) live in server/db/tables.ts and
// the browser gets only the client-safe shapes of shared/ (docs/decisions/129-tables-on-the-server.md).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const assets = path.resolve(import.meta.dirname, "..", "dist", "client", "assets");
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
