import { describe, expect, it } from "vitest";
import { swipeDirection } from "./swipe";

describe("swipeDirection", () => {
  it("turns to the next photo on a swipe left and the previous on a swipe right", () => {
    expect(swipeDirection({ x: 300, y: 200 }, { x: 120, y: 210 })).toBe(-1);
    expect(swipeDirection({ x: 100, y: 200 }, { x: 260, y: 190 })).toBe(1);
  });

  it("ignores a tap, a short wobble and a scroll up or down", () => {
    expect(swipeDirection({ x: 100, y: 100 }, { x: 100, y: 100 })).toBe(0);
    expect(swipeDirection({ x: 100, y: 100 }, { x: 130, y: 100 })).toBe(0);
    expect(swipeDirection({ x: 100, y: 100 }, { x: 40, y: 300 })).toBe(0);
  });
});
