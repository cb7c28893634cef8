// Every US state and territory by name, so a combined address's state becomes its code
// ("Mobile, Alabama" → AL) even where the team's listings allow only some states: the row then
// fails naming State, rather than being read as a city.
import { matchState } from "../../../shared/csv-columns.js";

const NAMES: Record<string, string> = {
  AL: "Alabama", AK: "Alaska", AZ: "Arizona", AR: "Arkansas", CA: "California", CO: "Colorado", CT: "Connecticut",
  DE: "Delaware", DC: "District of Columbia", FL: "Florida", GA: "Georgia", HI: "Hawaii", ID: "Idaho", IL: "Illinois",
  IN: "Indiana", IA: "Iowa", KS: "Kansas", KY: "Kentucky", LA: "Louisiana", ME: "Maine", MD: "Maryland",
  MA: "Massachusetts", MI: "Michigan", MN: "Minnesota", MS: "Mississippi", MO: "Missouri", MT: "Montana",
  NE: "Nebraska", NV: "Nevada", NH: "New Hampshire", NJ: "New Jersey", NM: "New Mexico", NY: "New York",
  NC: "North Carolina", ND: "North Dakota", OH: "Ohio", OK: "Oklahoma", OR: "Oregon", PA: "Pennsylvania",
  RI: "Rhode Island", SC: "South Carolina", SD: "South Dakota", TN: "Tennessee", TX: "Texas", UT: "Utah",
  VT: "Vermont", VA: "Virginia", WA: "Washington", WV: "West Virginia", WI: "Wisconsin", WY: "Wyoming",
  PR: "Puerto Rico", GU: "Guam", VI: "U.S. Virgin Islands",
};
const key = (v: string) => v.toLowerCase().replace(/[\s.]+/g, "");
const BY_KEY = new Map<string, string>();
for (const [code, name] of Object.entries(NAMES)) {
  BY_KEY.set(key(code), code);
  BY_KEY.set(key(name), code);
}

/** "Alabama", "al", "West Virginia" → the state's code; undefined when it is no US state. */
export const usStateCode = (text: string): string | undefined => matchState(text.trim()) ?? BY_KEY.get(key(text));
