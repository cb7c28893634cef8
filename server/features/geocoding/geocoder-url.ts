// GEOCODER_URL: a Nominatim-compatible search endpoint.

/** What is wrong with a GEOCODER_URL, or null: an http(s) address without credentials or a fragment. */
export function geocoderUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return "must be an http:// or https:// address of a Nominatim-compatible search endpoint, such as https://nominatim.example.com/search";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "must start with http:// or https://";
  if (url.username || url.password) return "must not hold a user name or password";
  if (url.hash) return "must not have a #fragment";
  return null;
}
