import { describe, expect, it } from "vitest";
import { areaTest, milesBetween, NO_AREA, parseBounds, readMapArea, writeMapArea, type MapArea } from "./map-area.js";

const MOBILE = { latitude: 30.6944, longitude: -88.043 };
const at = (latitude: number, longitude: number) => ({ latitude, longitude });
const UNPLACED = { latitude: null, longitude: null };

describe("the map area in the address", () => {
  it("reads a rectangle only in range and in order, and a ZIP with its radius (10 miles when none is given)", () => {
    expect(parseBounds("30,-89,31,-88")).toEqual({ south: 30, west: -89, north: 31, east: -88 });
    for (const bad of ["31,-89,30,-88", "30,-88,31,-89", "30,-89,31", "30,-89,31,-88,1", "x,-89,31,-88", "30,,31,-88", "-91,-89,31,-88", "30,-181,31,-88"]) {
      expect(parseBounds(bad), bad).toBeNull();
    }
    expect(readMapArea(new URLSearchParams("near=36602"))).toEqual({ ...NO_AREA, near: "36602", radiusMiles: 10 });
    expect(readMapArea(new URLSearchParams("near=36602&radius=600"))).toEqual({ ...NO_AREA, near: "36602", radiusMiles: 10 });
    expect(readMapArea(new URLSearchParams("near=abc&radius=5&located=maybe&bounds=1,2"))).toEqual(NO_AREA);
  });

  it("writes what it reads, six decimals at most, and leaves out what is not set", () => {
    const area: MapArea = { located: "yes", bounds: { south: 30.12345678, west: -88.5, north: 31, east: -87.9 }, near: "36602", radiusMiles: 2.5 };
    const params = new URLSearchParams("q=diner&radius=3");
    writeMapArea(area, params);
    expect(params.toString()).toBe("q=diner&located=yes&bounds=30.123457%2C-88.5%2C31%2C-87.9&near=36602&radius=2.5");
    const empty = new URLSearchParams("bounds=1,2,3,4&near=36602&radius=3");
    writeMapArea(NO_AREA, empty);
    expect(empty.toString()).toBe("");
  });
});

describe("which listings are in the area", () => {
  it("keeps those inside the rectangle, edges included, and none without a point", () => {
    const inBox = areaTest({ ...NO_AREA, bounds: { south: 30, west: -89, north: 31, east: -88 } }, undefined);
    expect([at(30.5, -88.5), at(30, -89), at(31, -88), at(31.01, -88.5), at(30.5, -87.99)].map(inBox)).toEqual([true, true, true, false, false]);
    expect(inBox(UNPLACED)).toBe(false);
  });

  it("keeps those within the radius of the ZIP's centre; none while the centre is unknown or missing", () => {
    const area = { ...NO_AREA, near: "36602", radiusMiles: 10 };
    const nearMobile = areaTest(area, MOBILE);
    // About 6.9 miles per 0.1 degree of latitude.
    expect(nearMobile(at(30.6944 + 0.14, -88.043))).toBe(true);
    expect(nearMobile(at(30.6944 + 0.15, -88.043))).toBe(false);
    expect(areaTest(area, undefined)(MOBILE)).toBe(false);
    expect(areaTest(area, null)(MOBILE)).toBe(false);
  });

  it("located=no keeps only listings without a point, located=yes only those with one", () => {
    expect([MOBILE, UNPLACED].map(areaTest({ ...NO_AREA, located: "no" }, undefined))).toEqual([false, true]);
    expect([MOBILE, UNPLACED].map(areaTest({ ...NO_AREA, located: "yes" }, undefined))).toEqual([true, false]);
  });

  it("measures great-circle miles", () => {
    // Mobile, AL to New Orleans, LA: about 127 miles as the crow flies.
    expect(milesBetween(MOBILE, at(29.9511, -90.0715))).toBeCloseTo(127, -1);
    expect(milesBetween(MOBILE, MOBILE)).toBe(0);
  });
});
