// Which city and town names the offline basemap prints (docs/decisions/373-map-place-labels.md):
// the bundled places (scripts/build-places.mjs, most populous first), those big enough for the
// zoom, each kept only where its name does not overlap a bigger place's already kept.
import labelsFile from "./place-labels.json";

/** A place to label: its name, centre and population. */
export interface PlaceLabel {
  name: string;
  latitude: number;
  longitude: number;
  population: number;
}

/** The bundled places, most populous first. */
export const PLACE_LABELS: readonly PlaceLabel[] = (labelsFile.labels as [string, number, number, number][]).map(([name, latitude, longitude, population]) => ({
  name,
  latitude,
  longitude,
  population,
}));

/** The credit the labels' source asks for (GeoNames, CC BY 4.0). */
export const PLACE_LABELS_CREDIT = "Places © GeoNames (CC BY 4.0)";

// The smallest population labelled at a zoom: the largest cities across several states, every
// town of a thousand people or more at a county's width. Whatever passes still has to fit.
const MIN_POPULATION: [zoom: number, population: number][] = [
  [10, 0],
  [9, 2_500],
  [8, 8_000],
  [7, 20_000],
  [6, 60_000],
  [5, 250_000],
];
export function minPopulation(zoom: number): number {
  return MIN_POPULATION.find(([z]) => zoom >= z)?.[1] ?? 1_000_000;
}

/** At most this many names at once: past it, a screen of names is no longer a map. */
export const MAX_LABELS = 150;

const CHAR_WIDTH_PX = 6.6; // 12 px system-ui, measured on an average place name
const LABEL_HEIGHT_PX = 16;
const GAP_PX = 6;
/** A name sits this far below its place's centre, clear of a marker standing there (place-labels.css). */
export const LABEL_OFFSET_PX = 15;

export interface LabelView {
  west: number;
  south: number;
  east: number;
  north: number;
}

/**
 * The labels to print in `view` at `zoom`, larger places first. `project` gives a point's pixel
 * position at that zoom; a label is a box centred under its place, kept only when it overlaps no
 * box kept before it, so no two names collide.
 */
export function chooseLabels(places: readonly PlaceLabel[], view: LabelView, zoom: number, project: (latitude: number, longitude: number) => [number, number]): PlaceLabel[] {
  const floor = minPopulation(zoom);
  const kept: PlaceLabel[] = [];
  const boxes: [number, number, number, number][] = [];
  for (const place of places) {
    if (place.population < floor) break; // most populous first: the rest are smaller still
    if (place.latitude < view.south || place.latitude > view.north || place.longitude < view.west || place.longitude > view.east) continue;
    const [x, y] = project(place.latitude, place.longitude);
    const half = (place.name.length * CHAR_WIDTH_PX) / 2 + GAP_PX;
    const top = y + LABEL_OFFSET_PX;
    const box: [number, number, number, number] = [x - half, top - GAP_PX, x + half, top + LABEL_HEIGHT_PX + GAP_PX];
    if (boxes.some((b) => box[0] < b[2] && box[2] > b[0] && box[1] < b[3] && box[3] > b[1])) continue;
    boxes.push(box);
    kept.push(place);
    if (kept.length === MAX_LABELS) break;
  }
  return kept;
}
