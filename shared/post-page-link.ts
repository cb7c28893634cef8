// Posts carry the listing's public page once it is published
// (docs/decisions/283-posts-carry-the-page-link.md): the link on its own, before the brokerage's
// line, in every post whose platform makes links clickable. Client-safe: the posts section counts
// the posts still without it with the same rule the server rewrites them by.
import { platformLimit, postLength, type ListingPost, type StoredPlatform } from "./posts.js";

/** Instagram captions carry no links (they are not clickable there); posts stored before platforms are left alone. */
export const carriesPageLink = (platform: StoredPlatform): boolean => platform !== "instagram" && platform !== "other";

/** True when a post on a platform that carries links does not hold this exact link. */
export const lacksPageLink = (post: Pick<ListingPost, "platform" | "text">, url: string): boolean =>
  carriesPageLink(post.platform) && !post.text.includes(url);

/** The places of the posts that lack the link (none while the page is not published: url null). */
export const postsLackingPageLink = (posts: Pick<ListingPost, "platform" | "text">[], url: string | null): number[] =>
  url === null ? [] : posts.flatMap((post, i) => (lacksPageLink(post, url) ? [i] : []));

/**
 * A link to a listing page of this app: any origin (the app may have been reached at another
 * address when it was written), `/l/` and a token of 24 characters. A rotated-away link is one.
 */
const PAGE_LINK = /https?:\/\/[^\s/]+\/l\/[A-Za-z0-9_-]{24}(?![A-Za-z0-9_-])/g;

/** Between the post's last block and the link: a space on X, a blank line elsewhere. */
export const blockSeparator = (platform: StoredPlatform) => (platform === "x" ? " " : "\n\n");

/**
 * The text carrying url: an older link to a page of the app (a rotated one) is replaced where it
 * stands; otherwise the link goes at the end, before `signature` (the brokerage's line) when the
 * post ends with it. The caller checks the platform's limit.
 */
export function withPageLink(platform: StoredPlatform, text: string, url: string, signature: string | null = null): string {
  if (!carriesPageLink(platform) || text.includes(url)) return text;
  const replaced = text.replace(PAGE_LINK, url);
  if (replaced.includes(url)) return replaced;
  const sep = blockSeparator(platform);
  const trimmed = text.trimEnd();
  if (signature && trimmed.endsWith(signature) && trimmed.length > signature.length) {
    return `${trimmed.slice(0, -signature.length).trimEnd()}${sep}${url}${sep}${signature}`;
  }
  return `${trimmed}${sep}${url}`;
}

/** True when the text fits its platform's limit as the platform counts it (X: a link is 23). */
export const fitsPlatform = (platform: StoredPlatform, text: string): boolean => {
  const limit = platformLimit(platform);
  return limit === null || postLength(platform, text) <= limit;
};
