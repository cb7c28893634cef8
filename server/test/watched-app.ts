// The app over a database handle that counts what is asked of it, with its request log kept here:
// for the tests that an answer comes before Express (no query, no log line) and is the route's own.
import type { Express } from "express";
import { pino } from "pino";
import type supertest from "supertest";
import { expect } from "vitest";
import { TIMEOUT } from "../../testing/timeouts.ts";
import type { AppDeps } from "../app.js";
import type { Db } from "../db/database.js";
import { buildApp, type TestContext } from "./test-app.js";

/** What Drizzle's handle is asked for when it queries (a transaction's own queries count once, as it). */
const QUERIES = new Set(["select", "insert", "update", "delete", "execute", "transaction", "query", "$count"]);

export interface Counted {
  res: supertest.Response;
  /** Queries asked of the database during the request. */
  queries: number;
  /** The paths the request log wrote during the request. */
  logged: string[];
}

export interface WatchedApp {
  app: Express;
  /** One request, with the database work and the log lines it caused. */
  counted(request: () => Promise<supertest.Response>): Promise<Counted>;
  /**
   * Asks until the answer comes before Express (nothing logged: once the session is cached and the
   * user's own writes are heard back, which on PostgreSQL comes a moment later); that answer.
   */
  answeredEarly(request: () => Promise<supertest.Response>): Promise<Counted>;
  /** Queries asked since the last `counted` or `resetQueries`. */
  readonly queries: number;
  resetQueries(): void;
}

export function watchedApp(ctx: TestContext, overrides: Partial<AppDeps> = {}): WatchedApp {
  let queries = 0;
  let logged: string[] = [];
  const counting = new Proxy(ctx.db, {
    get(target, prop, receiver) {
      if (typeof prop === "string" && QUERIES.has(prop)) queries += 1;
      return Reflect.get(target, prop, receiver);
    },
  }) as Db;
  const app = buildApp(counting, { changes: ctx.changes, logger: pino({ level: "info" }, { write: (line: string) => void logged.push(line) }), ...overrides });
  const loggedPaths = () => logged.flatMap((line) => (JSON.parse(line) as { req?: { url: string } }).req?.url ?? []);

  const counted = async (request: () => Promise<supertest.Response>): Promise<Counted> => {
    logged = [];
    queries = 0;
    const res = await request();
    return { res, queries, logged: loggedPaths() };
  };
  return {
    app,
    counted,
    async answeredEarly(request) {
      let last: Counted | undefined;
      await expect.poll(async () => (last = await counted(request)).logged, { timeout: TIMEOUT.condition }).toEqual([]);
      return last!;
    },
    get queries() {
      return queries;
    },
    resetQueries() {
      queries = 0;
    },
  };
}

/** Response headers without `Date`, which differs between two answers a second apart. */
export const withoutDate = (headers: Record<string, string>) => Object.fromEntries(Object.entries(headers).filter(([name]) => name !== "date"));

/** supertest's parser for a body kept as bytes. */
export const binary = ((res: NodeJS.ReadableStream, done: (err: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on("data", (c: Buffer) => chunks.push(c));
  res.on("end", () => done(null, Buffer.concat(chunks)));
}) as unknown as Parameters<supertest.Test["parse"]>[0];
