// City and State read from another column, for files that have no city or state column of their
// own (docs/decisions/266-city-and-state-from-links.md): a LoopNet link names them at the end of
// its slug (https://www.loopnet.com/Listing/123-Main-St-Mobile-AL/12345678/), and a full
// address ("123 Main St, Mobile, AL") at its end.
import { looksLikeFullAddress, splitFullAddress } from "./split-address.js";
import { usStateCode } from "./us-states.js";

export interface CityState {
  city: string;
  state: string;
}

// Words that end a street in a slug: the city starts after the last of them.
const STREET_ENDINGS = new Set(
  (
    "st street ave avenue rd road blvd boulevard dr drive pkwy parkway hwy highway ln lane way ct court pl place cir circle " +
    "trl trail ter terrace sq square loop pike fwy freeway expy expressway tpke turnpike plz plaza aly alley row run xing crossing"
  ).split(" "),
);
const words = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u).filter(Boolean);

/** The slug of a LoopNet listing link: the path segment after "Listing", split into words. */
function slugWords(link: string): string[] | null {
  let url: URL;
  try {
    url = new URL(link.trim());
  } catch {
    return null;
  }
  if (!/(^|\.)loopnet\.com$/i.test(url.hostname)) return null;
  const segments = url.pathname.split("/").filter(Boolean);
  const at = segments.findIndex((s) => s.toLowerCase() === "listing");
  const slug = at === -1 ? undefined : segments[at + 1];
  if (!slug) return null;
  try {
    return decodeURIComponent(slug).split("-").filter(Boolean);
  } catch {
    return null;
  }
}

/**
 * "…/Listing/123-Main-St-Mobile-AL/…" → Mobile, AL. The street is the row's address when the
 * file has one (its words are taken off the front), else everything up to the last street word.
 */
export function cityStateFromLink(link: string, address?: string): CityState | null {
  const slug = slugWords(link);
  if (!slug || slug.length < 2) return null;
  if (/^\d{5}$/.test(slug[slug.length - 1])) slug.pop();
  const state = usStateCode(slug[slug.length - 1] ?? "");
  if (!state || slug[slug.length - 1].length !== 2) return null;
  const rest = slug.slice(0, -1);
  let start = 0;
  const street = address ? words(address) : [];
  if (street.length > 0 && street.every((w, i) => rest[i]?.toLowerCase() === w)) start = street.length;
  else {
    const lastEnding = rest.findLastIndex((w) => STREET_ENDINGS.has(w.toLowerCase()));
    if (lastEnding !== -1) start = lastEnding + 1;
    else if (/^\d/.test(rest[0] ?? "")) return null;
  }
  const city = rest.slice(start).join(" ");
  return city ? { city, state } : null;
}

/** City and State from a link or a full address cell; null when it names neither. */
export function cityStateFrom(cell: string, address?: string): CityState | null {
  const t = cell.trim();
  if (t === "") return null;
  if (/^https?:\/\//i.test(t)) return cityStateFromLink(t, address);
  if (!looksLikeFullAddress(t)) return null;
  const { city, state } = splitFullAddress(t);
  return city && state ? { city, state } : null;
}
