import { describe, expect, it } from "vitest";
import { closeFocusToOpener, escapeThenClose, escapeUnlessNewer, type Preventable } from "./dialog-layer-handlers";

const event = (): Preventable & { defaultPrevented: boolean } => ({
  defaultPrevented: false,
  preventDefault() {
    this.defaultPrevented = true;
  },
});

describe("escapeThenClose", () => {
  it("runs the caller's handler first, then closes", () => {
    const seen: string[] = [];
    escapeThenClose(event(), () => seen.push("own"), () => seen.push("close"));
    expect(seen).toEqual(["own", "close"]);
  });

  it("does not close when the caller prevented the default, and closes with no caller handler", () => {
    let closed = 0;
    escapeThenClose(event(), (e) => e.preventDefault(), () => closed++);
    expect(closed).toBe(0);
    escapeThenClose(event(), undefined, () => closed++);
    expect(closed).toBe(1);
  });
});

describe("escapeUnlessNewer", () => {
  it("leaves Escape to a newer dialog, and gives it to the caller otherwise", () => {
    const seen: string[] = [];
    escapeUnlessNewer("newer", () => true, (e) => seen.push(e));
    escapeUnlessNewer("mine", () => false, (e) => seen.push(e));
    expect(seen).toEqual(["mine"]);
    expect(() => escapeUnlessNewer("nobody", () => false, undefined)).not.toThrow();
  });
});

describe("closeFocusToOpener", () => {
  it("returns focus to the opener instead of Radix's trigger", () => {
    const e = event();
    closeFocusToOpener(e, undefined, () => true);
    expect(e.defaultPrevented).toBe(true);
  });

  it("lets Radix place focus when the opener cannot be found", () => {
    const e = event();
    closeFocusToOpener(e, undefined, () => false);
    expect(e.defaultPrevented).toBe(false);
  });

  it("keeps the caller's own focus handling when it prevented the default, without looking for the opener", () => {
    let looked = 0;
    closeFocusToOpener(event(), (e) => e.preventDefault(), () => (looked++, true));
    expect(looked).toBe(0);
  });
});
