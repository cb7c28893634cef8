// What the route-wide checks (authorization matrix, audit coverage, unstorable text) share: every
// feature's access.matrix.ts rows, and the three signed-in people the rows act as.
import fs from "node:fs";
import path from "node:path";
import type { AccessRow, Fixtures } from "./access-matrix.js";
import { createTestContext } from "./test-app.js";

const featuresDir = path.resolve(import.meta.dirname, "../features");

/** Every row of every feature's access.matrix.ts, feature by feature. */
export async function allMatrixRows(): Promise<AccessRow[]> {
  const rows: AccessRow[] = [];
  for (const feature of fs.readdirSync(featuresDir)) {
    const file = path.join(featuresDir, feature, "access.matrix.ts");
    if (fs.existsSync(file)) rows.push(...((await import(file)) as { rows: AccessRow[] }).rows);
  }
  return rows;
}

/** A fresh app with an admin, a member and a second member, each signed in. */
export async function createMatrixFixtures(): Promise<Fixtures> {
  const ctx = await createTestContext();
  const admin = await ctx.userAgent({ isAdmin: true });
  const member = await ctx.userAgent();
  const otherMember = await ctx.userAgent();
  return { ctx, admin, member, otherMember };
}
