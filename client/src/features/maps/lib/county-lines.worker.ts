// Converts the county lines (about 800 kB of TopoJSON) off the page's main thread and hands them
// over without copying.
import atlas from "us-atlas/counties-10m.json";
import { countyLines, type AtlasTopology } from "./basemap-outlines";
import { buffersOf } from "./outline-shapes";

const lines = countyLines(atlas as unknown as AtlasTopology);
postMessage(lines, { transfer: buffersOf(lines) });
