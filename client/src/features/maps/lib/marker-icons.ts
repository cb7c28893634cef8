// The markers' look: a dot per listing in its stage's colour (a dashed ring when the point is only
// its ZIP's centre, a wide dotted ring on a pale disc when it is only its city's), a counted disc per cluster in its main stage's colour. HTML, so each marker
// is a focusable button with a name (Leaflet's keyboard markers).
import L from "leaflet";
import type { MapMarker } from "./clusters";
import { stageColour } from "./stage-colours";

const PIN = 18;

/** The cluster's disc grows with the count it holds, 30 to 52 pixels. */
export const clusterSize = (count: number) => Math.min(52, 30 + Math.round(Math.log10(count) * 8));

// An icon is only a recipe (each marker makes its own element from it), so markers that look the
// same share one: a move that places a hundred markers makes a few icons, not a hundred.
const made = new Map<string, L.DivIcon>();

export function markerIcon(marker: MapMarker): L.DivIcon {
  const key = marker.kind === "cluster" ? `c${marker.stage}:${marker.count}` : `p${marker.stage}:${marker.approximate}`;
  let icon = made.get(key);
  if (!icon) made.set(key, (icon = newIcon(marker)));
  return icon;
}

function newIcon(marker: MapMarker): L.DivIcon {
  const colour = stageColour(marker.stage);
  if (marker.kind === "cluster") {
    const size = clusterSize(marker.count);
    return L.divIcon({
      className: "",
      iconSize: [size, size],
      html: `<span data-marker="cluster" style="display:flex;width:${size}px;height:${size}px;align-items:center;justify-content:center;border-radius:9999px;background:${colour};color:#fff;font:600 12px/1 system-ui,sans-serif;box-shadow:0 0 0 4px ${colour}55">${marker.count.toLocaleString()}</span>`,
    });
  }
  const ring =
    marker.approximate === "city"
      ? `outline:2px dotted ${colour};outline-offset:7px;box-shadow:0 0 0 9px ${colour}2e,0 1px 3px #0006;`
      : marker.approximate === "zip"
        ? `outline:2px dashed ${colour};outline-offset:3px;`
        : "";
  return L.divIcon({
    className: "",
    iconSize: [PIN, PIN],
    html: `<span data-marker="listing"${marker.approximate ? ` data-approximate="${marker.approximate}"` : ""} style="display:block;width:${PIN}px;height:${PIN}px;border-radius:9999px;background:${colour};border:2px solid #fff;box-shadow:0 1px 3px #0006;${ring}"></span>`,
  });
}
