import { describe, expect, it } from "vitest";
import { onScreenAtFirst, watchOnScreen, type ObserverClass } from "./on-screen";

/** A stand-in for the browser's IntersectionObserver that the test drives by hand. */
function handDrivenObserver() {
  const made: { callback: (entries: { isIntersecting: boolean }[]) => void; observed: Element[]; disconnected: boolean }[] = [];
  const Observer: ObserverClass = class {
    private readonly record: (typeof made)[number];
    constructor(callback: (entries: { isIntersecting: boolean }[]) => void) {
      this.record = { callback, observed: [], disconnected: false };
      made.push(this.record);
    }
    observe(element: Element) {
      this.record.observed.push(element);
    }
    disconnect() {
      this.record.disconnected = true;
    }
  };
  return { Observer, made };
}

const element = {} as Element;

describe("onScreen", () => {
  it("counts every element as shown where the page cannot tell, and none before the first answer otherwise", () => {
    expect(onScreenAtFirst(undefined)).toBe(true);
    expect(onScreenAtFirst(handDrivenObserver().Observer)).toBe(false);
  });

  it("follows the element in and out of the viewport, taking the latest of several entries, until stopped", () => {
    const { Observer, made } = handDrivenObserver();
    const seen: boolean[] = [];
    const stop = watchOnScreen(element, (shown) => seen.push(shown), Observer);
    expect(made[0].observed).toEqual([element]);
    made[0].callback([{ isIntersecting: true }]);
    made[0].callback([{ isIntersecting: true }, { isIntersecting: false }]);
    made[0].callback([]);
    expect(seen).toEqual([true, false]);
    stop?.();
    expect(made[0].disconnected).toBe(true);
  });

  it("watches nothing without an element or an observer", () => {
    const { Observer, made } = handDrivenObserver();
    expect(watchOnScreen(null, () => undefined, Observer)).toBeNull();
    expect(watchOnScreen(element, () => undefined, undefined)).toBeNull();
    expect(made).toEqual([]);
  });
});
