import { describe, expect, it } from "vitest";
import { contrastRatio, DARK_TEXT, LIGHT_TEXT, readableTextColor, textShadeOn } from "./readable-colour";

describe("readable colours", () => {
  it("measures WCAG's contrast ratio, whichever colour comes first", () => {
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 5);
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#777777", "#777777")).toBeCloseTo(1, 5);
    // WebAIM's checker: #767676 on white is 4.54.
    expect(contrastRatio("#767676", "#FFFFFF")).toBeCloseTo(4.54, 2);
  });

  it("writes dark on a light colour and white on a dark one", () => {
    expect(readableTextColor("#F2A900")).toBe(DARK_TEXT);
    expect(readableTextColor("#1F3A5F")).toBe(LIGHT_TEXT);
    expect(readableTextColor("gold")).toBe(DARK_TEXT);
  });

  it("keeps a colour that reads on white and shades a light one just enough, keeping its hue", () => {
    expect(textShadeOn("#1F3A5F")).toBe("#1f3a5f");
    const gold = textShadeOn("#F2A900");
    expect(contrastRatio(gold, "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(gold, "#ffffff")).toBeLessThan(5);
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(gold.slice(i, i + 2), 16));
    expect(b).toBe(0);
    expect(r / g).toBeCloseTo(0xf2 / 0xa9, 1);
    expect(contrastRatio(textShadeOn("#ffffff"), "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(textShadeOn("not a colour")).toBe(DARK_TEXT);
  });
});
