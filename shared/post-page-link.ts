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
const PAGE_LINK = /https?:\/\/[^\s/]+\/l\/[A-Za-z0-9_-]{24}(?![A-Za-z0-9_-])/;

/** Between the post's last block and the link: a space on X, a blank line elsewhere. */
export const blockSeparator = (platform: StoredPlatform) => (platform === "x" ? " " : "\n\n");

// A link with the label that introduced it, dropped with it: "Flyer: ", "More info: ", "👉 ".
const LABELLED_LINK = /(?:(?<=^|\s)((?:\p{L}+ ){0,2}\p{L}+:[ \t]*|[👉🔗][ \t]*))?(https?:\/\/\S+)/gu;
// The hashtags that end a post: the link goes before them.
const TRAILING_HASHTAGS = /(?:(?<![\p{L}\p{N}_&])#[\p{L}\p{N}_]+[ \t\n]*)+$/u;

/**
 * The text with url as its one link, placed where the platform expects it: where an older link
 * of the post stood when that one gives way to it (`replaces`: a rotated page link, the listing's
 * own flyer or marketplace link, or any link), otherwise after the last block and before the
 * hashtags that end the post and `signature` (the brokerage's line). Every other replaceable
 * link goes, with a label that introduced it. Instagram carries no link: url null or Instagram
 * removes the replaceable ones. The caller checks the platform's limit.
 */
export function placeLink(platform: StoredPlatform, text: string, url: string | null, signature: string | null, replaces: (link: string) => boolean): string {
  const target = carriesPageLink(platform) ? url : null;
  let body = text.trimEnd();
  let signed = "";
  if (signature && body.endsWith(signature) && body.length > signature.length) {
    body = body.slice(0, -signature.length).trimEnd();
    signed = signature;
  }
  let placed = target !== null && body.includes(target);
  body = body.replace(LABELLED_LINK, (whole: string, label: string | undefined, link: string) => {
    if (link === target || !replaces(link)) return whole;
    if (target !== null && !placed) {
      placed = true;
      return `${label ?? ""}${target}`;
    }
    return "";
  });
  const sep = blockSeparator(platform);
  if (target !== null) {
    // The link stands before the closing hashtags; one found among or after them moves.
    const linkAt = body.indexOf(target);
    const without = linkAt < 0 ? body : body.slice(0, linkAt) + body.slice(linkAt + target.length);
    const tags = TRAILING_HASHTAGS.exec(without.trimEnd());
    if (linkAt < 0 || linkAt > (tags ? tags.index : without.length)) {
      const before = (tags ? without.slice(0, tags.index) : without).trimEnd();
      body = [before, target, tags ? tags[0].trim() : ""].filter(Boolean).join(sep);
    }
  }
  body = body
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .replace(/[ \t]{2,}/g, " ")
    .trim();
  return signed ? `${body}${sep}${signed}` : body;
}

/**
 * A link to a listing page of this app (any origin: the app may have been reached at another
 * address when it was written), a rotated-away one included, or one of the listing's own links.
 */
const replacedBy = (own: (string | null | undefined)[]) => {
  const mine = new Set(own.map((l) => l?.trim()).filter(Boolean));
  return (link: string) => new RegExp(`^${PAGE_LINK.source}$`).test(link) || mine.has(link);
};

/**
 * The text carrying url, for a post written before the page was published: an older link to a
 * page of the app (a rotated one) or the listing's own flyer or marketplace link (`own`) gives way
 * to it where it stands, so the post keeps one link; otherwise the link goes after the post's
 * last block, before its closing hashtags and `signature`. Any other link a person put in stays.
 */
export function withPageLink(platform: StoredPlatform, text: string, url: string, signature: string | null = null, own: (string | null | undefined)[] = []): string {
  if (!carriesPageLink(platform) || text.includes(url)) return text;
  return placeLink(platform, text, url, signature, replacedBy(own));
}

/** True when the text fits its platform's limit as the platform counts it (X: a link is 23). */
export const fitsPlatform = (platform: StoredPlatform, text: string): boolean => {
  const limit = platformLimit(platform);
  return limit === null || postLength(platform, text) <= limit;
};
