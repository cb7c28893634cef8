// A small map image of one listing's place (docs/decisions/288-static-map-images.md): the
// embedded state and county outlines (us-atlas, Census geometry) around the point, with a pin,
// drawn as SVG and rasterised by sharp. No tile server, no network.
import { createRequire } from "node:module";
import sharp from "sharp";
import { mesh } from "topojson-client";
import { approximateArea, type LocationPrecision } from "../../../shared/location.js";
import { renderingCache } from "../../http/rendered-cache.js";

export interface StaticMapPoint {
  latitude: number;
  longitude: number;
  /** `zip` and `city` draw a halo: the point is the ZIP's or the city's middle, not the building (a city's wider). */
  precision?: LocationPrecision | null;
}

export interface StaticMapOptions {
  /** Pixels (default 600 x 300). */
  width?: number;
  height?: number;
  /** Degrees of longitude from the middle to either side (default 1.5: a few counties across). */
  halfSpanDegrees?: number;
  /** The pin's colour (default the app's blue). */
  pinColor?: string;
  /** False: the area's halo alone, no pin (a point that must not be shown exactly). Default true. */
  pin?: boolean;
  /** More places, each drawn as a dot in the pin's colour (a list of results around the middle). */
  dots?: { latitude: number; longitude: number }[];
}

type Line = [number, number][];
let outlines: { states: Line[]; counties: Line[] } | undefined;

/** The outlines, read once: county borders and state borders as lines of [longitude, latitude]. */
function loadOutlines() {
  if (outlines) return outlines;
  type Topology = Parameters<typeof mesh>[0];
  type Objects = Parameters<typeof mesh>[1];
  const topology = createRequire(import.meta.url)("us-atlas/counties-10m.json") as Topology & { objects: { counties: Objects; states: Objects } };
  const lines = (object: Objects, inner: boolean) => mesh(topology, object, inner ? (a, b) => a !== b : undefined).coordinates as Line[];
  outlines = { counties: lines(topology.objects.counties, true), states: lines(topology.objects.states, false) };
  return outlines;
}

const HEX = /^#[0-9a-f]{6}$/i;

/** The map as SVG text (exported for tests that read what is drawn). */
export function staticMapSvg(point: StaticMapPoint, opts: StaticMapOptions = {}): string {
  const width = opts.width ?? 600;
  const height = opts.height ?? 300;
  const half = opts.halfSpanDegrees ?? 1.5;
  const pin = opts.pinColor && HEX.test(opts.pinColor) ? opts.pinColor : "#2563eb";
  // Equirectangular, shrunk east-west by the cosine of the latitude: true shapes at this scale.
  const cos = Math.cos((point.latitude * Math.PI) / 180);
  const k = width / (2 * half * cos);
  const x = (lng: number) => (lng - point.longitude) * cos * k + width / 2;
  const y = (lat: number) => height / 2 - (lat - point.latitude) * k;
  const latHalf = height / 2 / k;
  const inView = (line: Line) =>
    line.some(([lng, lat]) => Math.abs(lng - point.longitude) <= half * 1.2 && Math.abs(lat - point.latitude) <= latHalf * 1.2);
  const path = (lines: Line[]) =>
    lines
      .filter(inView)
      .map((line) => `M${line.map(([lng, lat]) => `${x(lng).toFixed(1)},${y(lat).toFixed(1)}`).join("L")}`)
      .join("");
  const { counties, states } = loadOutlines();
  const cx = width / 2;
  const cy = height / 2;
  const area = approximateArea(point.precision);
  const halo = area ? `<circle cx="${cx}" cy="${cy}" r="${Math.round(height / (area === "city" ? 5 : 8))}" fill="${pin}" fill-opacity="0.15" stroke="${pin}" stroke-opacity="0.5"/>` : "";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
<rect width="100%" height="100%" fill="#eef2f5"/>
<path d="${path(counties)}" fill="none" stroke="#b8c2cc" stroke-width="0.8"/>
<path d="${path(states)}" fill="none" stroke="#5b6b7b" stroke-width="1.6"/>
${halo}${(opts.dots ?? []).map((d) => `<circle cx="${x(d.longitude).toFixed(1)}" cy="${y(d.latitude).toFixed(1)}" r="6" fill="${pin}" stroke="#ffffff" stroke-width="2"/>`).join("")}${opts.pin === false ? "" : `<path d="M${cx},${cy} l-9,-16 a10.5,10.5 0 1 1 18,0 z" fill="${pin}" stroke="#ffffff" stroke-width="2"/>
<circle cx="${cx}" cy="${cy - 21}" r="3.5" fill="#ffffff"/>`}
</svg>`;
}

// Images made, by place and look (a few tens of KB each).
const CACHE_BYTES = 32 * 1024 * 1024;
const cache = renderingCache<Buffer, { point: StaticMapPoint; opts: StaticMapOptions }>(CACHE_BYTES, ({ point, opts }) =>
  sharp(Buffer.from(staticMapSvg(point, opts))).png({ compressionLevel: 9 }).toBuffer(),
);

/**
 * A PNG map of the place with its pin, made once per place and look and then served from memory
 * (concurrent callers share one render). For the flyer and the public page.
 */
export async function staticMapPng(point: StaticMapPoint, opts: StaticMapOptions = {}): Promise<Buffer> {
  const key = JSON.stringify([point.latitude.toFixed(5), point.longitude.toFixed(5), point.precision ?? null, opts]);
  return (await cache.fetch(key, { context: { point, opts } }))!;
}
