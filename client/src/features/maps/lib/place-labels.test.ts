import fs from "node:fs";
import { createRequire } from "node:module";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import roads from "./major-roads.json";
import { chooseLabels, MAX_LABELS, minPopulation, PLACE_LABELS } from "./place-labels";

// Web Mercator pixels at a zoom, as Leaflet projects them (256-pixel tiles).
const mercator = (zoom: number) => (lat: number, lng: number): [number, number] => {
  const size = 256 * 2 ** zoom;
  const sin = Math.sin((lat * Math.PI) / 180);
  return [(size * (lng + 180)) / 360, size * (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI))];
};
const FOUR_STATES = { west: -85, south: 37.2, east: -74.6, north: 42.4 };
const names = (zoom: number, view = FOUR_STATES) => chooseLabels(PLACE_LABELS, view, zoom, mercator(zoom)).map((p) => p.name);

describe("the place labels", () => {
  it("are the app's states' cities and towns, most populous first", () => {
    expect(PLACE_LABELS.length).toBeGreaterThan(2000);
    expect(PLACE_LABELS.slice(0, 3).map((p) => p.name)).toEqual(["Philadelphia", "Columbus", "Baltimore"]);
    expect(PLACE_LABELS.every((p, i) => i === 0 || PLACE_LABELS[i - 1].population >= p.population)).toBe(true);
  });

  it("print only the largest cities with the four states in view, and more the closer the zoom", () => {
    const wide = names(6);
    expect(wide).toEqual(expect.arrayContaining(["Philadelphia", "Columbus", "Pittsburgh", "Baltimore", "Cleveland"]));
    expect(wide).not.toContain("Morgantown");
    expect(wide.length).toBeLessThan(40);
    expect(names(7).length).toBeGreaterThan(wide.length);
  });

  it("print the towns around a county at a close zoom", () => {
    const around = { west: -80.4, south: 39.35, east: -79.7, north: 39.8 };
    const close = names(10, around);
    expect(close).toEqual(expect.arrayContaining(["Morgantown", "Fairmont"]));
    expect(names(7, around)).toContain("Morgantown");
    expect(names(7, around)).not.toContain("Fairmont");
    expect(minPopulation(10)).toBe(0);
  });

  it("never overlap: each kept name's box is clear of every other at its zoom", () => {
    for (const zoom of [5, 6, 7, 8, 9, 10, 11]) {
      const project = mercator(zoom);
      const kept = chooseLabels(PLACE_LABELS, FOUR_STATES, zoom, project);
      expect(kept.length).toBeLessThanOrEqual(MAX_LABELS);
      const boxes = kept.map((p) => {
        const [x, y] = project(p.latitude, p.longitude);
        const half = p.name.length * 3.3;
        return [x - half, y + 15, x + half, y + 31];
      });
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, b] = [boxes[i], boxes[j]];
          expect(a[0] < b[2] && a[2] > b[0] && a[1] < b[3] && a[3] > b[1], `${kept[i].name} / ${kept[j].name} at zoom ${zoom}`).toBe(false);
        }
    }
  });
});

describe("the offline basemap", () => {
  it("draws the major roads of the app's states: Interstates through Morgantown and Columbus", () => {
    const lines = roads.lines as number[][];
    const passesNear = (lat: number, lng: number, km: number) =>
      lines.some((flat) => {
        for (let i = 0; i < flat.length; i += 2) if (Math.hypot((flat[i] - lat) * 111, (flat[i + 1] - lng) * 85) < km) return true;
        return false;
      });
    expect(lines.length).toBeGreaterThan(100);
    expect(passesNear(39.63, -79.96, 8)).toBe(true);
    expect(passesNear(39.96, -83.0, 8)).toBe(true);
    expect(passesNear(45, -93, 50)).toBe(false); // Minnesota is not the app's
  });

  it("is under 3 MB gzip: state and county outlines, the major roads and the place labels", () => {
    const require = createRequire(import.meta.url);
    const files = [
      require.resolve("us-atlas/states-10m.json"),
      require.resolve("us-atlas/counties-10m.json"),
      new URL("./major-roads.json", import.meta.url),
      new URL("./place-labels.json", import.meta.url),
    ];
    const bytes = files.reduce((sum, file) => sum + gzipSync(fs.readFileSync(file)).length, 0);
    expect(bytes).toBeLessThan(3 * 1024 * 1024);
  });
});
