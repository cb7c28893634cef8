import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditEvents } from "../../db/tables.js";
import { createTestContext, type TestContext } from "../../test/test-app.js";
import { recordAuditEvent } from "./service.js";

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("recordAuditEvent", () => {
  it("keeps who did what, from where, with its details", async () => {
    const user = await ctx.createUser({ username: "auditor" });
    await recordAuditEvent(ctx.db, { kind: "test.recorded", actorId: user.id, address: "203.0.113.9", data: { count: 2 } });
    const rows = await ctx.db.select().from(auditEvents).where(eq(auditEvents.kind, "test.recorded"));
    expect(rows).toEqual([
      { id: expect.any(Number), at: expect.any(Date), actorId: user.id, kind: "test.recorded", listingId: null, address: "203.0.113.9", data: { count: 2 } },
    ]);
  });

  it("stands or falls with the transaction it is written in", async () => {
    await expect(
      ctx.db.transaction(async (tx) => {
        await recordAuditEvent(tx, { kind: "test.rolled-back" });
        throw new Error("the change failed");
      }),
    ).rejects.toThrow("the change failed");
    expect(await ctx.db.select().from(auditEvents).where(eq(auditEvents.kind, "test.rolled-back"))).toEqual([]);
  });
});
