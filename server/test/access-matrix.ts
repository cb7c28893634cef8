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
  route?: { path: string; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/** Walks Express 5's router stack for every method + path registered under /api. */
export function registeredRoutes(app: Express): string[] {
  const found = new Set<string>();
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route && typeof layer.route.path === "string" && layer.route.path.startsWith("/api/")) {
        for (const [method, on] of Object.entries(layer.route.methods)) {
          if (on && method !== "_all") found.add(`${method.toUpperCase()} ${layer.route.path}`);
        }
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return [...found].sort();
}
