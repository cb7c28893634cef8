import { describe, expect, it } from "vitest";
import { CARD_DESCRIPTION_LIMIT, cityState, truncateDescription } from "./listing-text";
import { cardImageSrc, fallbackImage, fullImageSrc } from "./listing-image";

describe("card text", () => {
  it("cuts a description at 50 characters and adds an ellipsis (spec §9)", () => {
    expect(CARD_DESCRIPTION_LIMIT).toBe(50);
    const long = "x".repeat(60);
    expect(truncateDescription(long)).toBe(`${"x".repeat(50)}...`);
    expect(truncateDescription("x".repeat(50))).toBe("x".repeat(50));
  });

  it("writes the place as City, ST", () => {
    expect(cityState({ city: "Erie", state: "PA" })).toBe("Erie, PA");
  });
});

describe("card pictures", () => {
  it("picks a stock picture from the description when there is no image (spec §2)", () => {
    expect(fallbackImage("A busy RESTAURANT downtown")).toMatch(/fallback-restaurant/);
    expect(fallbackImage("retail frontage")).toMatch(/fallback-retail/);
    expect(fallbackImage("an office")).toMatch(/fallback-office/);
    expect(fallbackImage(null)).toMatch(/fallback-office/);
  });

  it("asks for the 600-pixel copy of our own images only", () => {
    const own = "/api/objects/images/0f8fad5b-d9cb-469f-a165-70867728950e";
    expect(cardImageSrc(own, "")).toBe(`${own}?w=600`);
    expect(cardImageSrc(`${own}?w=300`, "")).toBe(`${own}?w=300`);
    expect(cardImageSrc("https://example.com/a.jpg", "")).toBe("https://example.com/a.jpg");
    expect(cardImageSrc("", "restaurant")).toMatch(/fallback-restaurant/);
    expect(fullImageSrc(own, "")).toBe(own);
  });
});
