// Maps on the server: the static map image of a listing's place, for the flyer and the public
// page (docs/decisions/288-static-map-images.md), and what the map view asks for: its basemap
// settings and a ZIP's centre (docs/decisions/290-map-basemap.md, 291-map-area-filters.md).
import { zipCentroid } from "../geocoding/service.js";

export { staticMapPng, type StaticMapOptions, type StaticMapPoint } from "./static-map.js";
export { attributionProblem, basemapFor, tilesOrigin, tilesUrlProblem, type Basemap } from "./basemap.js";

/** The centre of a five-digit ZIP from the embedded ZIP table, or null when the table lacks it. */
export const zipCentre = (zip: string) => zipCentroid(zip);
