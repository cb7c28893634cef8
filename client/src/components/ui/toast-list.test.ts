import { describe, expect, it } from "vitest";
import { closeToasts, openErrorToastIds, openToasts, withNewToast } from "./toast-list";

const t = (id: number, open = true, variant?: string) => ({ id, open, variant });

describe("the toast list", () => {
  it("shows the newest toast first and keeps at most the limit", () => {
    expect(withNewToast([t(1)], t(2), 1)).toEqual([t(2)]);
    expect(withNewToast([t(1)], t(2), 3)).toEqual([t(2), t(1)]);
    expect(withNewToast([], t(1), 1)).toEqual([t(1)]);
  });

  it("closes the named toast only, or all of them when none is named, and keeps closed ones until swept", () => {
    expect(closeToasts([t(1), t(2)], 2)).toEqual([t(1), t(2, false)]);
    expect(closeToasts([t(1), t(2)])).toEqual([t(1, false), t(2, false)]);
    expect(closeToasts([t(1)], 9)).toEqual([t(1)]);
    expect(openToasts([t(1, false), t(2)])).toEqual([t(2)]);
  });

  it("names the open error toasts shown after a mark, up to and including the last", () => {
    const list = [t(5, true, "destructive"), t(4, true, "success"), t(3, false, "destructive"), t(2, true, "destructive"), t(1, true, "destructive")];
    expect(openErrorToastIds(list, 1, 5)).toEqual([5, 2]);
    expect(openErrorToastIds(list, 2, 4)).toEqual([]);
    expect(openErrorToastIds(list, 0, 1)).toEqual([1]);
  });
});
