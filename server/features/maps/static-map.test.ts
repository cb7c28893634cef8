// The static map: drawn offline from the embedded
// outlines, with the pin in the middle, and made once per place.
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { staticMapSvg } from "./static-map.js";
import { staticMapPng } from "./service.js";

const WHEELING = { latitude: 40.064, longitude: -80.721, precision: "street" as const };

describe("the static map", () => {
  it("draws each of a list's places as a dot where it lies, besides the middle", async () => {
    // Half a degree east of the middle, on a map 1 degree each side: three quarters across.
    const svg = staticMapSvg(WHEELING, { width: 400, height: 200, halfSpanDegrees: 1, pin: false, pinColor: "#ff0000", dots: [{ latitude: WHEELING.latitude, longitude: WHEELING.longitude + 0.5 }] });
    expect(svg).toContain('<circle cx="300.0" cy="100.0" r="6" fill="#ff0000"');
    expect(svg).not.toContain("l-9,-16");
    const { data, info } = await sharp(await staticMapPng(WHEELING, { width: 400, height: 200, halfSpanDegrees: 1, pin: false, pinColor: "#ff0000", dots: [{ latitude: WHEELING.latitude, longitude: WHEELING.longitude + 0.5 }] }))
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([...data.subarray((100 * info.width + 300) * info.channels, (100 * info.width + 300) * info.channels + 3)]).toEqual([255, 0, 0]);
  });

  it("is a PNG of the asked size, the pin's colour at its middle, outlines around it", async () => {
    const png = await staticMapPng(WHEELING, { width: 400, height: 200, pinColor: "#ff0000" });
    const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
    expect([info.width, info.height]).toEqual([400, 200]);
    const at = (px: number, py: number) => [...data.subarray((py * info.width + px) * info.channels, (py * info.width + px) * info.channels + 3)];
    expect(at(200, 200 / 2 - 8)).toEqual([255, 0, 0]);
    // Wheeling sits where West Virginia, Ohio and Pennsylvania meet: state lines are drawn near it.
    const svg = staticMapSvg(WHEELING, { width: 400, height: 200 });
    const [counties, states] = [...svg.matchAll(/<path d="([^"]*)"/g)].map((m) => m[1]);
    expect(counties.length).toBeGreaterThan(1000);
    expect(states.length).toBeGreaterThan(100);
    const colours = new Set<string>();
    for (let i = 0; i < data.length; i += info.channels) colours.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
    expect(colours.size).toBeGreaterThan(10);
  });

  it("draws an approximate point (a ZIP's or a city's middle) with a halo, a city's the wider, and a pin alone otherwise", () => {
    const radius = (svg: string) => Number(/<circle[^>]* r="(\d+)" fill="[^"]*" fill-opacity/.exec(svg)?.[1]);
    const zip = staticMapSvg({ ...WHEELING, precision: "zip" });
    const city = staticMapSvg({ ...WHEELING, precision: "city" });
    expect(zip).toContain("fill-opacity");
    expect(radius(city)).toBeGreaterThan(radius(zip));
    expect(staticMapSvg(WHEELING)).not.toContain("fill-opacity");
  });

  it("is made once per place and look, then answered from memory", async () => {
    // Asked twice at once and once more later: the same bytes, made once.
    const [first, concurrent] = await Promise.all([
      staticMapPng({ latitude: 39.6505, longitude: -79.944 }),
      staticMapPng({ latitude: 39.6505, longitude: -79.944 }),
    ]);
    expect(concurrent).toBe(first);
    expect(await staticMapPng({ latitude: 39.6505, longitude: -79.944 })).toBe(first);
    expect(await staticMapPng({ latitude: 39.6505, longitude: -79.944 }, { width: 300 })).not.toBe(first);
    expect(first.subarray(1, 4).toString()).toBe("PNG");
  });

  it("ignores a pin colour that is not #RRGGBB rather than writing it into the SVG", () => {
    expect(staticMapSvg(WHEELING, { pinColor: '"/><script>' })).not.toContain("script");
  });
});
