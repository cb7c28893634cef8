// A web address as people type it: "www.loopnet.com/listing/123" means the https
// page. Forms, the API, bulk edit and CSV import all read link fields through the shared
// schema, which passes them through here, so each accepts what the others do.

const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:\/\//i;
// A host name with at least one dot and a top-level name of letters, then an optional port and
// the rest of the address. "notes about it" or "localhost" stay as typed (and are refused).
const BARE_HOST = /^(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}(?::\d{1,5})?(?:[/?#]|$)/i;

/** Adds https:// to an address typed without a scheme; anything else is returned unchanged. */
export function withWebScheme(text: string): string {
  const value = text.trim();
  if (HAS_SCHEME.test(value) || !BARE_HOST.test(value)) return value;
  return `https://${value}`;
}
