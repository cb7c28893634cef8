import { describe, expect, it } from "vitest";
import { newBulkActionId } from "./bulk-action-id";

describe("newBulkActionId", () => {
  it("makes a fresh version 4 uuid each time", () => {
    const ids = Array.from({ length: 50 }, newBulkActionId);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
