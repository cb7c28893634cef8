/** The listing's one-page flyer (GET /api/listings/:id/flyer.pdf): a plain link downloads it with the session cookie. */
export const flyerHref = (listingId: string, paper: "letter" | "a4" = "letter") =>
  `/api/listings/${encodeURIComponent(listingId)}/flyer.pdf${paper === "letter" ? "" : "?paper=a4"}`;
