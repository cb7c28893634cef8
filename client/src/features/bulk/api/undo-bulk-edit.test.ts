import { describe, expect, it } from "vitest";
import { undoneMessage } from "./undo-bulk-edit";

describe("undoneMessage", () => {
  it("says how many listings went back", () => {
    expect(undoneMessage({ restored: 1, skipped: 0 })).toBe("Bulk edit undone: 1 listing restored");
    expect(undoneMessage({ restored: 1200, skipped: 0 })).toBe("Bulk edit undone: 1,200 listings restored");
  });

  it("says which were left because they changed since", () => {
    expect(undoneMessage({ restored: 2, skipped: 1 })).toBe("Bulk edit undone: 2 listings restored; 1 listing changed since was left as it was");
    expect(undoneMessage({ restored: 0, skipped: 3 })).toBe("Bulk edit undone: 0 listings restored; 3 listings changed since were left as they were");
  });
});
