// A listing's page in the signed-in app, /listings/:id: the one address every link the app
// builds to a listing uses (the client's links, mail), so they open exactly that listing.

export const listingPagePath = (id: string) => `/listings/${encodeURIComponent(id)}`;

/** The page's absolute address at `origin` (PUBLIC_URL), for mail. */
export const listingPageUrl = (origin: string, id: string) => `${origin}${listingPagePath(id)}`;
