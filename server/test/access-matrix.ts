// The authorization matrix: every route the app registers must state what each role gets.
// Each feature keeps its rows beside its code in `access.matrix.ts`; the test in
// authorization-matrix.test.ts finds them all and fails on any route without a row.
import type { Express } from "express";
import type { TestClient, TestContext } from "./test-app.js";
import type { PublicUser } from "../../shared/schema.js";

export type Role = "anonymous" | "member" | "admin" | "otherMember";

export interface Fixtures {
  ctx: TestContext;
  admin: { user: PublicUser; agent: TestClient };
  member: { user: PublicUser; agent: TestClient };
  /** A second member, acting on data that `member` owns. */
  otherMember: { user: PublicUser; agent: TestClient };
}

export interface AccessRow {
  /** Method and path exactly as registered, e.g. "DELETE /api/invitations/:id". */
  route: string;
  /** Builds the request, creating whatever it acts on (owned by `member` when that matters). */
  request?: (
    f: Fixtures,
    role: Role,
  ) => Promise<{ path?: string; body?: unknown }> | { path?: string; body?: unknown };
  /** Sign the role in anew for this row, because the request ends or replaces its session. */
  freshSession?: boolean;
  /** Expected status per role; `otherMember` only where the data belongs to someone. */
  expect: Partial<Record<Role, number>> & Record<"anonymous" | "member" | "admin", number>;
}

interface Layer {
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/**
 * Routes the walker may not read, each with why it needs no row: none today. A route whose path
 * is neither a string nor an array of strings (a RegExp, say) fails the walk unless it is named
 * here, so that no route slips past the matrix, the audit coverage and the unstorable-text checks.
 */
export const UNREADABLE_ROUTES: ReadonlyMap<string, string> = new Map();

function pathsOf(path: unknown): string[] | null {
  if (typeof path === "string") return [path];
  if (Array.isArray(path) && path.every((p) => typeof p === "string")) return path as string[];
  return null;
}

/**
 * Walks Express 5's router stack for every method + path registered under /api. A route
 * registered with several paths (the versioned lists use an array) counts once per path.
 */
export function registeredRoutes(app: Express): string[] {
  const found = new Set<string>();
  const unreadable: string[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const methods = Object.entries(layer.route.methods).filter(([method, on]) => on && method !== "_all");
        const paths = pathsOf(layer.route.path);
        if (paths === null) {
          const name = String(layer.route.path);
          if (!UNREADABLE_ROUTES.has(name)) unreadable.push(name);
          continue;
        }
        for (const path of paths.filter((p) => p.startsWith("/api/"))) {
          for (const [method] of methods) found.add(`${method.toUpperCase()} ${path}`);
        }
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  if (unreadable.length > 0) {
    throw new Error(`Routes whose path the walker cannot read (name them in UNREADABLE_ROUTES with a reason): ${unreadable.join(", ")}`);
  }
  return [...found].sort();
}
