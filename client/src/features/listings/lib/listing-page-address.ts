// The listing's own page (/listings/:id): its address, and where its Back goes
// (docs/guides/listings-and-facts.md).

export { listingPagePath as listingPageHref } from "@shared/listing-page";

/** The history state the app's own links to the page carry: Back then returns to that list. */
export const FROM_LIST_STATE = { fromList: true } as const;

/** Whether the page was opened from a list of this app (so Back is the browser's back). */
export const openedFromList = (state: unknown): boolean =>
  typeof state === "object" && state !== null && (state as { fromList?: unknown }).fromList === true;

/** The list a page opened from elsewhere (a shared link, a reload of a new tab) goes back to. */
export const listFolderOf = (listing: { isActive: boolean } | undefined) => (listing && !listing.isActive ? "/not-in-use" : "/");
