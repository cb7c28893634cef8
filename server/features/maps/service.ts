// Maps on the server: the static map image of a listing's place, for the flyer and the public
// page, and what the map view asks for: its basemap
// settings and a ZIP's centre.
import { zipCentroid } from "../geocoding/service.js";

export { staticMapPng, type StaticMapOptions, type StaticMapPoint } from "./static-map.js";
export { attributionProblem, basemapFor, tilesOrigin, tilesUrlProblem, type Basemap } from "./basemap.js";

/** The centre of a five-digit ZIP from the embedded ZIP table, or null when the table lacks it. */
export const zipCentre = (zip: string) => zipCentroid(zip);
