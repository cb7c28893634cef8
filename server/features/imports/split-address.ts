// Combined address columns, split as exports write them: "Mobile, Alabama" or "Mobile, AL" →
// city and state code; "54-56 Saint Emanuel St, Mobile, AL 36602" → address, city, state, ZIP.
// A state that matches no state is kept as written, so the row fails naming State.
import { usStateCode as matchState } from "./us-states.js";

export interface AddressParts {
  address?: string;
  city?: string;
  state?: string;
  zip?: string;
}

const ZIP_AT_END = /\s*,?\s*(\d{5}(?:-\d{4})?)$/;

/** "Mobile AL" / "New York" / "Mobile, West Virginia": the longest run of last words that is a state. */
function cityAndState(text: string): { city: string; state?: string } {
  const words = text.trim().split(/\s+/).filter(Boolean);
  for (let n = Math.min(3, words.length); n >= 1; n--) {
    const state = matchState(words.slice(-n).join(" "));
    if (state) return { city: words.slice(0, -n).join(" ").replace(/,$/, "").trim(), state };
  }
  return { city: text.trim() };
}

/** "Mobile, AL", "Mobile, Alabama", "Mobile AL 36602" → city, state code (and ZIP when written). */
export function splitCityState(text: string): AddressParts {
  const t = text.trim();
  if (t === "") return { city: "", state: "" };
  const zip = ZIP_AT_END.exec(t);
  const rest = zip ? t.slice(0, zip.index) : t;
  const comma = rest.lastIndexOf(",");
  const parts: AddressParts = {};
  if (comma !== -1) {
    const stateText = rest.slice(comma + 1).trim();
    parts.city = rest.slice(0, comma).trim();
    parts.state = matchState(stateText) ?? stateText;
  } else {
    const { city, state } = cityAndState(rest);
    parts.city = city;
    parts.state = state ?? "";
  }
  if (zip) parts.zip = zip[1];
  return parts;
}

/** "54 Main St, Suite 4, Mobile, AL 36602" → address "54 Main St, Suite 4", city, state, ZIP. */
export function splitFullAddress(text: string): AddressParts {
  const t = text.trim();
  if (t === "") return { address: "", city: "", state: "", zip: "" };
  const zipMatch = ZIP_AT_END.exec(t);
  const zip = zipMatch?.[1] ?? "";
  const parts = (zipMatch ? t.slice(0, zipMatch.index) : t).split(",").map((p) => p.trim()).filter(Boolean);
  if (parts.length >= 3) {
    const stateText = parts[parts.length - 1];
    return { address: parts.slice(0, -2).join(", "), city: parts[parts.length - 2], state: matchState(stateText) ?? stateText, zip };
  }
  if (parts.length === 2) {
    // "54 Main St, Mobile AL": the last part holds the city and the state.
    const { city, state } = cityAndState(parts[1]);
    if (state) return { address: parts[0], city, state, zip };
    return { address: parts[0], city: parts[1], state: "", zip };
  }
  return { address: parts[0] ?? "", city: "", state: "", zip };
}

/** Whether a value looks like "City, ST" (a cityState column). */
export const looksLikeCityState = (text: string) => {
  const t = text.trim();
  if (!/^[^,\d]+,\s*[A-Za-z .]+(\s+\d{5}(-\d{4})?)?$/.test(t)) return false;
  const { state } = splitCityState(t);
  return Boolean(state && matchState(state));
};

/**
 * Whether a value looks like a street address with city and state: "54 Main St, Mobile AL", or
 * any "street, city, ST" (LoopNet writes "Hwy 98, Daphne, AL" for a street without a number).
 */
export const looksLikeFullAddress = (text: string) => {
  const t = text.trim();
  if (!t.includes(",")) return false;
  const parts = t.replace(ZIP_AT_END, "").split(",").filter((p) => p.trim() !== "").length;
  if (parts < 3 && !/^\d/.test(t)) return false;
  const { city, state } = splitFullAddress(t);
  return Boolean(city && state && matchState(state));
};
