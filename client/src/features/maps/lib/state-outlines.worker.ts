// Converts the state outlines off the page's main thread and hands them over without copying
// (docs/decisions/313-map-outlines-in-a-worker.md). One message, then the page ends the worker.
import atlas from "us-atlas/states-10m.json";
import { stateOutlines, type AtlasTopology } from "./basemap-outlines";
import { buffersOf } from "./outline-shapes";

const outlines = stateOutlines(atlas as unknown as AtlasTopology);
postMessage(outlines, { transfer: [...buffersOf(outlines.land), ...buffersOf(outlines.states)] });
