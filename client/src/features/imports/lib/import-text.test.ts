import { describe, expect, it } from "vitest";
import { changeText, columnHeader, duplicatesText, fieldValueText, repeatedHeaders } from "./import-text";

describe("how the wizard words the file and the changes", () => {
  it("names empty headers and finds repeated ones", () => {
    expect(columnHeader({ header: "  " })).toBe("(no header)");
    expect(columnHeader({ header: "Price" })).toBe("Price");
    expect([...repeatedHeaders([{ header: "Price" }, { header: "price " }, { header: "" }, { header: "" }, { header: "City" }])]).toEqual(["price"]);
  });

  it("prints values as the detail dialog does", () => {
    expect(changeText("askingPrice", [1650000, 1595000])).toBe("Asking Price: $1,650,000 → $1,595,000");
    expect(changeText("buildingSizeSf", [null, 20000])).toBe("Building Size: empty → 20,000 SF");
    expect(changeText("isActive", [true, false])).toBe("Status: Active → Inactive");
    expect(fieldValueText("agentId", "a1", (id) => (id === "a1" ? "Dana Broker" : undefined))).toBe("Dana Broker");
    expect(fieldValueText("agentId", "gone")).toBe("an agent");
    expect(fieldValueText("city", "Mobile")).toBe("Mobile");
  });
});

describe("rows that share a match", () => {
  it("names the other rows, and how many more past those listed", () => {
    expect(duplicatesText([7])).toBe("Same match as row 7");
    expect(duplicatesText([3, 7])).toBe("Same match as rows 3, 7");
    expect(duplicatesText([3, 7], 2)).toBe("Same match as rows 3, 7");
    expect(duplicatesText([2, 3, 4], 99_999)).toBe("Same match as rows 2, 3, 4 and 99,996 more");
    expect(duplicatesText([2], 5)).toBe("Same match as rows 2 and 4 more");
  });
});

