// Maps on the server: the static map image of a listing's place, for the flyer and the public
// page (docs/decisions/288-static-map-images.md).
export { staticMapPng, type StaticMapOptions, type StaticMapPoint } from "./static-map.js";
