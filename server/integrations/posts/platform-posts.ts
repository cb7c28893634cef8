// The built-in writer's formats, several per platform, each in its own words: a post names the
// listing, how it is offered and to whom, its price or rate and size when known, and the selling
// points it was handed, and fits its platform (length, links, hashtags). No template word holds
// a digit, so every number in a post comes from the listing.
import { PLATFORM_LIMITS, postLength, type PostPlatform } from "../../../shared/posts.js";
import type { PropertyType } from "../../../shared/listing-fact-choices.js";
import type { MarketStatus } from "../../../shared/market-status.js";
import { formatAcres, formatSquareFeet } from "../../../shared/parse/size.js";
import type { ListingFacts } from "./listing-facts.js";
import type { Picker } from "./random.js";
import { rateText } from "./selling-points.js";
import { clipWords, paragraphs } from "./text.js";

export interface PostContext extends ListingFacts {
  /** The market status (shared/market-status.ts): a listing under contract or closed gets its own formats. */
  market: MarketStatus;
  pick: Picker["pick"];
  /** "a retail property", "land"; null when the type is not known. */
  kind: string | null;
  /** Hashtags that fit the listing: the field, the offering, the type, the place. */
  tags: string[];
  /** A sale's yield, a business's figures: stated with the terms ("6.85% cap rate", "85 seats"). */
  keyFigures: string[];
}

/** A format: the blocks of a post, the first required, the rest dropped from the end if too long. */
export type Format = (c: PostContext, points: string[]) => string[];

const KINDS: Record<PropertyType, string> = {
  Retail: "a retail property",
  Office: "an office property",
  Industrial: "an industrial property",
  Flex: "a flex property",
  Multifamily: "a multifamily property",
  Land: "a land offering",
  Hospitality: "a hospitality property",
  Restaurant: "a restaurant",
  Medical: "a medical property",
  "Mixed Use": "a mixed-use property",
  "Special Purpose": "a special-purpose property",
  Business: "a business",
};
export const kindOf = (type: PropertyType | null | undefined) => (type ? KINDS[type] : null);

/** What a business sold in confidence is called instead of its name: "a confidential restaurant opportunity". */
export const confidentialName = (kind: string | null) => `a confidential ${kind ? kind.replace(/^an? /, "") : "business"} opportunity`;

const TYPE_TAGS: Record<PropertyType, string> = {
  Retail: "RetailSpace",
  Office: "OfficeSpace",
  Industrial: "IndustrialRealEstate",
  Flex: "FlexSpace",
  Multifamily: "Multifamily",
  Land: "LandForSale",
  Hospitality: "Hospitality",
  Restaurant: "RestaurantForSale",
  Medical: "MedicalOffice",
  "Mixed Use": "MixedUse",
  "Special Purpose": "SpecialPurpose",
  Business: "BusinessOpportunity",
};
const FIELD_TAGS = ["CommercialRealEstate", "CRE", "CommercialProperty", "RealEstate"];

/** Field, offering, type and place hashtags, each once: at least five for any listing. */
export function listingTags(facts: ListingFacts): string[] {
  const type = facts.deal.values.propertyType;
  const all = [...FIELD_TAGS.slice(0, 2), ...facts.offering.tags, type ? TYPE_TAGS[type] : null, ...facts.locationTags, ...FIELD_TAGS.slice(2)];
  const seen = new Set<string>();
  return all.filter((t): t is string => {
    if (!t || seen.has(t.toLowerCase())) return false;
    seen.add(t.toLowerCase());
    return true;
  });
}

const hashtags = (c: PostContext, n: number) => c.tags.slice(0, n).map((t) => `#${t}`).join(" ");

/** "a, b and c". */
export const series = (items: string[]) => (items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}` : (items[0] ?? ""));
export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The space a lease offers, the building only as the building's:
 * "4,200 SF available in a 65,000 SF building".
 */
function leaseSpace(c: PostContext): string | null {
  const v = c.deal.values;
  const available = v.availableSizeSf != null ? `${formatSquareFeet(v.availableSizeSf)} available` : null;
  const building = v.buildingSizeSf != null && v.buildingSizeSf !== v.availableSizeSf ? `a ${formatSquareFeet(v.buildingSizeSf)} building` : null;
  if (available && building) return `${available} in ${building}`;
  return available ?? building ?? (v.lotSizeAcres != null ? `a ${formatAcres(v.lotSizeAcres)} site` : null);
}

/**
 * The terms in a sentence or two: "Asking $1,650,000, 20,000 SF. 7.5% cap rate.", "Quoted at
 * $22.50 /SF/yr Full Service, 4,200 SF available in a 65,000 SF building."
 */
function terms(c: PostContext): string | null {
  const { offering } = c;
  const price = c.deal.values.askingPrice != null ? c.deal.price : null;
  const rate = rateText(c.deal);
  // A listing for sale and lease quotes its price; a lease alone, its rate.
  const byRate = rate !== null && (price === null || !(offering.buys || offering.transfers));
  const money = byRate
    ? c.pick([`Leasing at ${rate}`, `Quoted at ${rate}`])
    : price
      ? c.pick([`Asking ${price}`, `Offered at ${price}`, `Priced at ${price}`])
      : null;
  const aLeaseOnly = offering.leases && !(offering.buys || offering.transfers);
  const size = byRate || aLeaseOnly ? leaseSpace(c) : c.deal.size;
  const figures = c.keyFigures.length ? `${capitalize(c.keyFigures.join(", "))}.` : null;
  let sentence: string | null;
  if (money && size) sentence = `${money}, ${size}.`;
  else if (money) sentence = `${money}.`;
  else if (size) sentence = byRate || aLeaseOnly ? `${capitalize(size)}.` : c.pick([`${size} in all.`, `Size: ${size}.`]);
  else sentence = null;
  return [sentence, figures].filter(Boolean).join(" ") || null;
}

/** The call to action: a business sale offers details on request, never a tour. */
const invite = (c: PostContext, visit: string, details: string) => (c.businessSale ? details : visit);

function pointsSentence(c: PostContext, points: string[]): string | null {
  if (!points.length) return null;
  const list = series(points);
  return c.pick([`Highlights include ${list}.`, `What stands out: ${list}.`, `Worth noting: ${list}.`, `The draw here: ${list}.`]);
}

function audience(c: PostContext): string {
  return c.pick([
    `A fit for ${c.offering.audience} in ${c.city}.`,
    `Worth a look for ${c.offering.audience}.`,
    `Calling ${c.offering.audience} who want to be in ${c.city}.`,
  ]);
}

/** The name where it starts a sentence: a confidential business's stand-in starts with "a". */
const sentenceName = (c: PostContext) => (c.confidential ? capitalize(c.name) : c.name);
const what = (c: PostContext) => (c.kind && !c.confidential ? `${c.name}, ${c.kind}` : c.name);
const link = (c: PostContext) => c.listingLink ?? c.flyerLink;
const links = (c: PostContext) =>
  [c.listingLink && `Listing: ${c.listingLink}`, c.flyerLink && `Flyer: ${c.flyerLink}`].filter(Boolean).join("\n");

const linkedin: Format[] = [
  (c, p) => [
    `New listing in ${c.placeLong}: ${what(c)}, ${c.offering.phrase}.`,
    paragraphs(terms(c), pointsSentence(c, p)),
    audience(c),
    links(c),
    invite(c, "Message me for the package or a tour.", "Message me to request the details."),
    hashtags(c, 3),
  ],
  (c, p) => [
    `${capitalize(c.offering.audience)}: ${c.name} in ${c.place} is ${c.offering.phrase}.`,
    p.length ? `Why it stands out:\n${p.map((x) => `• ${capitalize(x)}`).join("\n")}` : null,
    terms(c),
    links(c),
    "Happy to walk you through the details.",
    hashtags(c, 4),
  ].filter((b): b is string => b !== null),
  (c, p) => [
    `Just brought to market: ${c.name}, ${c.offering.phrase} in ${c.city}.`,
    paragraphs(pointsSentence(c, p), terms(c)),
    `${c.kind ? capitalize(c.kind.replace(/^an? /, "")) + " opportunities" : "Opportunities"} like this do not come up often in ${c.city}.`,
    link(c) ?? "",
    "Reach out to talk it through.",
    hashtags(c, 3),
  ],
];

const facebook: Format[] = [
  (c, p) => [
    `📍 ${c.place}\n${sentenceName(c)} is ${c.offering.phrase}!`,
    paragraphs(pointsSentence(c, p), terms(c)),
    link(c) ? `👉 ${link(c)}` : "",
    "Send us a message to learn more.",
    hashtags(c, 2),
  ],
  (c, p) => [
    `Looking in ${c.city}? ${sentenceName(c)} is now ${c.offering.phrase}.`,
    paragraphs(terms(c), p.length ? p.map((x) => `✅ ${capitalize(x)}`).join("\n") : null),
    audience(c),
    link(c) ?? "",
    hashtags(c, 2),
  ],
  (c, p) => [
    `Know someone who would love ${c.name}? It is ${c.offering.phrase} in ${c.place}.`,
    pointsSentence(c, p) ?? "",
    terms(c) ?? "",
    "Tag them or share this post!",
    hashtags(c, 3),
  ],
];

// Instagram captions carry no links (they are not clickable there), so they ask for a message.
const instagram: Format[] = [
  (c, p) => [
    paragraphs(`${c.name} ✨\n📍 ${c.place}\n🏷️ ${c.offering.headline}`, hashtags(c, 7)),
    pointsSentence(c, p) ?? "",
    terms(c) ?? "",
    "DM us for the details.",
  ],
  (c, p) => [
    paragraphs(`${c.offering.headline.toUpperCase()} in ${c.city}: ${c.name}`, hashtags(c, 8)),
    p.length ? p.map((x) => `• ${capitalize(x)}`).join("\n") : "",
    terms(c) ?? "",
    invite(c, "Send a message to book a tour.", "Send a message to request the details."),
  ],
  (c, p) => [
    paragraphs(`Say hello to ${c.name}, ${c.offering.phrase} in ${c.place}.`, hashtags(c, 6)),
    pointsSentence(c, p) ?? "",
    audience(c),
    terms(c) ?? "",
  ],
];

const x: Format[] = [
  (c, p) => [`${c.offering.headline} in ${c.place}: ${c.name}.`, terms(c) ?? "", p.length ? `${capitalize(series(p))}.` : "", link(c) ?? "", hashtags(c, 2)],
  (c, p) => [`${c.name} is ${c.offering.phrase}.`, p[0] ? `${capitalize(p[0])} in ${c.city}.` : "", terms(c) ?? "", link(c) ?? "", hashtags(c, 1)],
  (c, p) => [`${capitalize(c.offering.audience)}, take note: ${c.name} in ${c.city}, ${c.offering.phrase}.`, pointsSentence(c, p.slice(0, 2)) ?? "", link(c) ?? ""],
  (c, p) => [`Fresh on the market in ${c.city}: ${c.name}.`, terms(c) ?? "", p.slice(0, 2).length ? `${capitalize(series(p.slice(0, 2)))}.` : "", link(c) ?? ""],
];

const google: Format[] = [
  (c, p) => [
    `${c.name} is now ${c.offering.phrase} in ${c.placeLong}.`,
    paragraphs(terms(c), pointsSentence(c, p)),
    audience(c),
    link(c) ? `Details: ${link(c)}` : "",
    invite(c, "Call or message our office to schedule a showing.", "Call or message our office to request the details."),
  ],
  (c, p) => [
    `Available now: ${what(c)} in ${c.place}, ${c.offering.phrase}.`,
    pointsSentence(c, p) ?? "",
    terms(c) ?? "",
    link(c) ?? "",
    invite(c, "Contact us to arrange a visit.", "Contact us to request the details."),
  ],
];

export const FORMATS: Record<PostPlatform, Format[]> = { linkedin, facebook, instagram, x, google };

/** The closed deal's figures ("6.85% cap rate."), never its asking price: that offer is over. */
const closedFigures = (c: PostContext) => (c.keyFigures.length ? `${capitalize(c.keyFigures.join(", "))}.` : "");
/** "sold", "leased", "closed": what happened, within a sentence. */
const done = (c: PostContext) => (c.market.headline === "Leased" ? "leased" : c.market.headline === "Deal Closed" ? "closed" : "sold");

// Hashtags per platform as the active formats use them: none on Google, links nowhere on Instagram.
const STATUS_TAGS: Record<PostPlatform, number> = { linkedin: 3, facebook: 2, instagram: 7, x: 2, google: 0 };

/** One format per opener for every platform, the opener followed by the status's own blocks. */
function statusFormats(openers: ((c: PostContext) => string)[], middle: (c: PostContext, p: string[]) => string[]): Record<PostPlatform, Format[]> {
  const forPlatform = (platform: PostPlatform): Format[] =>
    openers.map((opener) => (c, p) => [
      opener(c),
      ...middle(c, p),
      platform === "instagram" ? "" : (link(c) ?? ""),
      STATUS_TAGS[platform] ? hashtags(c, STATUS_TAGS[platform]) : "",
    ]);
  return { linkedin: forPlatform("linkedin"), facebook: forPlatform("facebook"), instagram: forPlatform("instagram"), x: forPlatform("x"), google: forPlatform("google") };
}

/** Under contract: still on the market for back-up offers. */
const UNDER_CONTRACT = statusFormats(
  [
    (c) => `Under contract: ${c.name} in ${c.place}.`,
    (c) => `${sentenceName(c)} in ${c.city} is under contract.`,
    (c) => `Update: ${c.name} in ${c.placeLong} is now under contract.`,
    (c) => `📍 ${c.place}\n${sentenceName(c)} is under contract!`,
  ],
  (c, p) => [
    c.pick(["Back-up offers welcome.", "Back-up offers welcome: reach out to be next in line.", "Back-up offers welcome; ask us how."]),
    pointsSentence(c, p) ?? "",
    terms(c) ?? "",
  ],
);

/** Closed: the deal is announced, never offered again; people who want one like it are invited. */
const CLOSED = statusFormats(
  [
    (c) => `${c.market.headline}: ${c.name} in ${c.place}.`,
    (c) => `Just ${done(c)} in ${c.city}: ${c.name}.`,
    (c) => `Another one ${done(c)}: ${c.name} in ${c.placeLong}.`,
    (c) => `📍 ${c.place}\n${sentenceName(c)}: ${c.market.headline.toLowerCase()}!`,
  ],
  (c, p) => [
    closedFigures(c),
    p.length ? c.pick([`It offered ${series(p)}.`, `The draw: ${series(p)}.`]) : "",
    c.pick(["Looking for something similar? Get in touch.", "Want one like it? Tell us what you are looking for.", "Ask us about similar properties."]),
  ],
);

/** The formats for a listing's market status: the offering's own while active. */
export function formatsFor(platform: PostPlatform, market: MarketStatus): Format[] {
  if (market.state === "underContract") return UNDER_CONTRACT[platform];
  if (market.state === "closed") return CLOSED[platform];
  return FORMATS[platform];
}

/**
 * Each block in order while the post stays within its platform's limit, less `reserve` characters
 * kept for a line that follows; single lines joined by spaces on X.
 */
export function assemble(platform: PostPlatform, blocks: string[], reserve = 0): string {
  const limit = PLATFORM_LIMITS[platform] - reserve;
  const join = (parts: string[]) => (platform === "x" ? parts.filter(Boolean).join(" ") : paragraphs(...parts));
  const [first, ...rest] = blocks;
  let text = postLength(platform, first) <= limit ? first : (clipWords(first, Math.floor(limit / 2)) ?? first.slice(0, Math.floor(limit / 2)));
  for (const block of rest) {
    const next = join([text, block]);
    if (block && postLength(platform, next) <= limit) text = next;
  }
  return text;
}
