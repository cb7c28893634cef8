// Where signing in returns to: the record a signed-out person opened (a shared listing's address,
// a link in an email), carried to /auth as `?next=` and followed once they are signed in. Other
// screens keep the spec's way (§2): /auth, then / after signing in.

const NEXT = "next";
/** Addresses of one record, made to be shared: the ones worth coming back to. */
const RETURNABLE = [/^\/listings\/[^/?#\\]+$/, /^\/leads\/\d{1,12}$/];

const returnable = (pathname: string) => RETURNABLE.some((pattern) => pattern.test(pathname));

/** /auth, naming the record to come back to when the address is one. */
export function signInAddress(pathname: string, search: string): string {
  if (!returnable(pathname)) return "/auth";
  const back = search ? `${pathname}?${search}` : pathname;
  return `/auth?${new URLSearchParams({ [NEXT]: back })}`;
}

/** The page to go to once signed in: `next` when it is a record's address in this app, else the home page. */
export function returnAddress(search: string): string {
  const next = new URLSearchParams(search).get(NEXT);
  if (!next) return "/";
  // Read against a placeholder origin: "//host" or "/\host" would name another origin and are refused.
  const url = new URL(next, "http://app.invalid");
  if (url.origin !== "http://app.invalid" || !next.startsWith("/") || !returnable(url.pathname)) return "/";
  return url.pathname + url.search;
}
