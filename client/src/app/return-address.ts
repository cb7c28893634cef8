// Where signing in returns to: the page a signed-out person opened (a shared listing's address, a
// link in an email), carried to /auth as `?next=` and followed once they are signed in.

const NEXT = "next";

/** /auth, naming the page to come back to (the home page needs no naming). */
export function signInAddress(pathname: string, search: string): string {
  if (pathname === "/" && search === "") return "/auth";
  const back = search ? `${pathname}?${search}` : pathname;
  return `/auth?${new URLSearchParams({ [NEXT]: back })}`;
}

/** The page to go to once signed in: `next` when it is an address of this app, else the home page. */
export function returnAddress(search: string): string {
  const next = new URLSearchParams(search).get(NEXT);
  // Only a path of this origin: "//host" and "/\host" would leave it, and /auth would loop.
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\") || next.startsWith("/auth")) return "/";
  return next;
}
