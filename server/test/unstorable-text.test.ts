// Unstorable text: U+0000 and lone UTF-16 surrogates, sent to every API route in every place a
// request carries text (each string of its body, an extra field, its path parameters, its query),
// get a 400 naming the field and change nothing; before, 12 endpoints answered 500.
import { sql } from "drizzle-orm";
import supertest from "supertest";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registeredRoutes, type AccessRow, type Fixtures } from "./access-matrix.js";
import { allMatrixRows, createMatrixFixtures } from "./matrix-fixtures.js";
import type { TestClient, TestContext } from "./test-app.js";

const rows = await allMatrixRows();

let ctx: TestContext;
let fixtures: Fixtures;
beforeAll(async () => {
  fixtures = await createMatrixFixtures();
  ctx = fixtures.ctx;
});
afterAll(() => ctx.close());

const BAD = [
  ["NUL", (s: string) => `${s}\u0000`],
  ["a lone surrogate", (s: string) => `\uD800${s}`],
] as const;
// Sessions are touched by any request; everything else must be exactly as it was.
const SNAPSHOT_SKIP = new Set(["sessions", "__drizzle_migrations"]);
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

// Every table's rows in one statement (a snapshot follows every refused request: one query per
// table made this file one of the suite's slowest).
let snapshotQuery: ReturnType<typeof sql.join> | null = null;
async function snapshot(): Promise<string> {
  if (!snapshotQuery) {
    const tables = await ctx.db.execute(sql`select tablename from pg_tables where schemaname = 'public' order by tablename`);
    const names = rowsOf<{ tablename: string }>(tables).map((t) => t.tablename).filter((t) => !SNAPSHOT_SKIP.has(t));
    snapshotQuery = sql.join(
      names.map((name) => sql`select ${name} as name, coalesce(jsonb_agg(to_jsonb(t) order by to_jsonb(t)::text), '[]')::text as rows from ${sql.identifier(name)} t`),
      sql` union all `,
    );
  }
  const tables = rowsOf<{ name: string; rows: string }>(await ctx.db.execute(snapshotQuery));
  return tables.map((t) => `${t.name}: ${t.rows}`).sort().join("\n");
}

/** Every string in a JSON body, by path, with a setter for a copy holding `value` there instead. */
function stringLeaves(body: unknown, at: (string | number)[] = []): { path: (string | number)[]; value: string }[] {
  if (typeof body === "string") return [{ path: at, value: body }];
  if (Array.isArray(body)) return body.flatMap((item, i) => stringLeaves(item, [...at, i]));
  if (body && typeof body === "object" && !Buffer.isBuffer(body)) {
    return Object.entries(body).flatMap(([key, item]) => stringLeaves(item, [...at, key]));
  }
  return [];
}
function withValue(body: unknown, at: (string | number)[], value: string): unknown {
  const copy = structuredClone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const key of at.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[at.at(-1)!] = value;
  return copy;
}

const isJsonBody = (body: unknown) => body !== undefined && !Buffer.isBuffer(body);
// A CSV file's cells are checked row by row, so that one bad cell fails only its row (below).
const CHECKED_BY_ROUTE = new Set(["csvData"]);
// Routes that anybody may call are tried anonymously, as an attacker would.
const clientFor = async (row: AccessRow): Promise<TestClient | ReturnType<typeof supertest>> =>
  row.expect.anonymous !== 401 ? supertest(ctx.app) : row.freshSession ? ctx.signIn(fixtures.member.user) : fixtures.member.agent;

describe("text the database cannot store", () => {
  it("covers every registered API route", () => {
    expect(rows.map((r) => r.route).sort()).toEqual(registeredRoutes(ctx.app));
  });

  for (const row of rows) {
    it(`${row.route}: refused with 400 wherever it is sent, changing nothing`, async () => {
      const [method, routePath] = row.route.split(" ");
      const built = (await row.request?.(fixtures, "member")) ?? {};
      const target = built.path ?? routePath.replace(/:\w+/g, "1");
      const client = await clientFor(row);
      const send = async (url: string, body: unknown) => {
        const req = client[method.toLowerCase() as "post"](url);
        return body === undefined ? req : Buffer.isBuffer(body) ? req.set("Content-Type", "image/png").send(body) : req.send(body as object);
      };
      const before = await snapshot();
      const refused = async (what: string, url: string, body: unknown, field: RegExp) => {
        const res = await send(url, body);
        expect(res.status, `${what}: ${JSON.stringify(res.body)}`).toBe(400);
        expect(res.body.message, what).toMatch(field);
        expect(res.body.message, what).toMatch(/contains a character that can't be stored$/);
        expect(await snapshot(), what).toBe(before);
      };

      for (const [name, spoil] of BAD) {
        for (const leaf of stringLeaves(built.body).filter((l) => !CHECKED_BY_ROUTE.has(String(l.path[0])))) {
          await refused(`${name} in ${leaf.path.join(".")}`, target, withValue(built.body, leaf.path, spoil(leaf.value)), /./);
        }
        if (method !== "GET" && (isJsonBody(built.body) || built.body === undefined) && !Array.isArray(built.body)) {
          await refused(`${name} in an extra field`, target, { ...(built.body as object), extra: spoil("x") }, /^extra /);
        }
      }
      // A URL carries no lone surrogate (its bytes are not UTF-8, and decode to U+FFFD): NUL only.
      const query = `${target}${target.includes("?") ? "&" : "?"}q=x%00`;
      await refused("NUL in the query", query, built.body, /^The q parameter /);
      // In a path parameter: NUL decodes to U+0000; a surrogate has no UTF-8 form, so its bytes
      // are malformed and the router itself refuses them.
      for (const param of routePath.match(/:\w+/g) ?? []) {
        const index = routePath.split("/").indexOf(param);
        const segments = target.split("?")[0].split("/");
        segments[index] = `${segments[index]}%00`;
        await refused(`NUL in ${param}`, segments.join("/"), built.body, /^The address /);
        segments[index] = `${segments[index].replace("%00", "")}%ED%A0%80`;
        const res = await send(segments.join("/"), built.body);
        expect(res.status, `a lone surrogate's bytes in ${param}`).toBe(400);
        expect(await snapshot()).toBe(before);
      }
    });
  }
});
