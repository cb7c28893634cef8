// The built-in writer's shapes: ten ways to build a post, each with its own opening, order and
// emphasis (the news, the figures, the audience, a question, the best point, a fact sheet, the
// pitch, the place, a short notice, the reasons), so that a listing's ten posts differ in more than
// words. A post names the listing, how it is
// offered and to whom (pitch.ts), its price or rate and size when known, and the selling points it
// was handed; its platform decides length, lists, emoji and the tail (link, hashtags, brand line),
// which the writer adds. No template word holds a digit, so every number comes from the listing.
import { PLATFORM_LIMITS, postLength, type PostPlatform } from "../../../shared/posts.js";
import type { PropertyType } from "../../../shared/listing-fact-choices.js";
import type { MarketStatus } from "../../../shared/market-status.js";
import { formatAcres, formatSquareFeet } from "../../../shared/parse/size.js";
import type { Pitch, PitchKind } from "./pitch.js";
import type { ListingFacts } from "./listing-facts.js";
import type { Picker } from "./random.js";
import { rateText } from "./selling-points.js";
import { clipWords, paragraphs, withArticle } from "./text.js";

export interface PostContext extends ListingFacts {
  /** The market status (shared/market-status.ts): a listing under contract or closed gets its own formats. */
  market: MarketStatus;
  pick: Picker["pick"];
  /** Like pick, preferring a wording no other post of the set has used yet. */
  vary: (items: readonly string[]) => string;
  /** "a retail property", "land"; null when the type is not known. */
  kind: string | null;
  /** Hashtags that fit the listing: the field, the offering, the type, the place. */
  tags: string[];
  /** A sale's yield, a business's figures: stated with the terms ("6.85% cap rate", "85 seats"). */
  keyFigures: string[];
  /** Whom the posts speak to, from the facts. */
  pitch: Pitch;
}

/**
 * A shape: the body blocks of a post for a platform, the first required, the rest dropped from
 * the end if too long. The link, the hashtags and the brand's line follow, added by the writer.
 */
export type Format = (c: PostContext, points: string[], platform: PostPlatform) => string[];

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

/** The hashtags a post ends with on each platform: none on Google, five or more on Instagram. */
export const TAG_COUNTS: Record<PostPlatform, number> = { linkedin: 3, facebook: 2, instagram: 7, x: 2, google: 0 };

export const hashtags = (c: PostContext, n: number) => c.tags.slice(0, n).map((t) => `#${t}`).join(" ");

/** "a, b and c". */
export const series = (items: string[]) => (items.length > 1 ? `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}` : (items[0] ?? ""));
export const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * The space a lease offers, the building only as the building's:
 * "4,200 SF available in a 65,000 SF building".
 */
function leaseSpace(c: PostContext): string | null {
  const v = c.deal.values;
  // Suites on offer: their range ("2,400–9,800 SF available") is the space, in place of the listing's one size.
  const spaces = c.deal.spaces;
  const available = spaces ? spaces.sizeText : v.availableSizeSf != null ? `${formatSquareFeet(v.availableSizeSf)} available` : null;
  const building = v.buildingSizeSf != null && (spaces !== null || v.buildingSizeSf !== v.availableSizeSf) ? `${withArticle(formatSquareFeet(v.buildingSizeSf))} building` : null;
  if (available && building) return `${available} in ${building}`;
  return available ?? building ?? (v.lotSizeAcres != null ? `${withArticle(formatAcres(v.lotSizeAcres))} site` : null);
}

interface Money {
  /** "$1,650,000" or "$22.50 /SF/yr Full Service". */
  amount: string;
  /** True for a lease rate. */
  rate: boolean;
}

/** The price or rate a post quotes (a listing for sale and lease quotes its price; a lease alone, its rate) and the size that goes with it. */
function quote(c: PostContext): { money: Money | null; size: string | null } {
  const { offering } = c;
  const price = c.deal.values.askingPrice != null ? c.deal.price : null;
  const rate = rateText(c.deal);
  const byRate = rate !== null && (price === null || !(offering.buys || offering.transfers));
  const money = byRate ? { amount: rate, rate: true } : price ? { amount: price, rate: false } : null;
  const aLeaseOnly = offering.leases && !(offering.buys || offering.transfers);
  return { money, size: byRate || aLeaseOnly ? leaseSpace(c) : c.deal.size };
}

const yieldSentence = (c: PostContext) => (c.keyFigures.length ? `${capitalize(c.keyFigures.join(", "))}.` : null);

/**
 * The terms in a sentence or two: "Asking $1,650,000, 20,000 SF. 7.5% cap rate.", "Quoted at
 * $22.50 /SF/yr Full Service, 4,200 SF available in a 65,000 SF building."
 */
function terms(c: PostContext): string | null {
  const { money, size } = quote(c);
  const said = money
    ? `${money.rate ? c.pick(["Leasing at", "Quoted at"]) : c.pick(["Asking", "Offered at", "Priced at"])} ${money.amount}`
    : null;
  let sentence: string | null;
  if (said && size) sentence = `${said}, ${size}.`;
  else if (said) sentence = `${said}.`;
  else if (size) sentence = money?.rate || c.offering.leases ? `${capitalize(size)}.` : c.pick([`${size} in all.`, `Size: ${size}.`]);
  else sentence = null;
  return [sentence, yieldSentence(c)].filter(Boolean).join(" ") || null;
}

/** The terms led by the figures: "$1,650,000 for 20,000 SF." with the yield after. */
function figuresFirst(c: PostContext): string | null {
  const { money, size } = quote(c);
  // A business's price buys the business, not the space: the two are listed side by side.
  const lead = money && size ? (c.offering.transfers ? `${money.amount}, ${size}.` : `${money.amount} for ${size}.`) : money ? `${money.amount}.` : size ? `${capitalize(size)}.` : null;
  return [lead, yieldSentence(c)].filter(Boolean).join(" ") || null;
}

/** The terms as a fact sheet's lines: "Price: $1,650,000", "Size: 20,000 SF", "Yield: 7.5% cap rate". */
function termLines(c: PostContext): string[] {
  const { money, size } = quote(c);
  return [
    money ? `${money.rate ? "Rate" : "Price"}: ${money.amount}` : null,
    size ? `${money?.rate || c.offering.leases ? "Space" : "Size"}: ${size}` : null,
    c.keyFigures.length ? `${c.pitch.kinds.includes("business") ? "Figures" : "Income"}: ${c.keyFigures.join(", ")}` : null,
  ].filter((l): l is string => l !== null);
}

/** The call to action: a business sale offers details on request, never a tour. */
const invite = (c: PostContext, visit: string, details: string) => (c.businessSale ? details : visit);
const main = (c: PostContext): PitchKind => c.pitch.kinds[0];
const audience = (c: PostContext) => c.pitch.audience;

function pointsSentence(c: PostContext, points: string[]): string | null {
  if (!points.length) return null;
  const list = series(points);
  return c.vary([`Highlights include ${list}.`, `What stands out: ${list}.`, `Worth noting: ${list}.`, `The draw here: ${list}.`]);
}

/** Points as a list on the platforms that show one, a sentence on X. */
function pointsList(points: string[], platform: PostPlatform, mark: string): string | null {
  if (!points.length) return null;
  if (platform === "x") return `${capitalize(series(points))}.`;
  return points.map((p) => `${mark} ${capitalize(p)}`).join("\n");
}

const emoji = (platform: PostPlatform) => platform === "facebook" || platform === "instagram";

/** What the listing offers its main audience, in a sentence that states no figure. */
function pitchLine(c: PostContext): string {
  switch (main(c)) {
    case "investment":
      return c.vary(["An income property, sold with its tenants in place.", "For an investor, the income is the story here.", "Built for a buyer who wants income from day one."]);
    case "owner-user":
      return c.vary(["A chance to own your space instead of paying rent.", "For an owner-user ready to run the business from a building of its own.", "Own the building your business works from."]);
    case "development":
      return c.vary(["Room for a developer's or builder's next project.", "Ground for a builder with plans.", "A blank slate for development."]);
    case "lease":
      return c.vary(["Tenant reps, bring your clients to see it.", `Space for a tenant that wants to be in ${c.city}.`, "Tenants and their brokers: the space is ready to show."]);
    case "business":
      return c.vary(["An opportunity for an operator ready to step in.", "For a buyer who wants a business of their own.", "A business for an operator to take over."]);
  }
}

/** A question its main audience asks itself. */
function question(c: PostContext): string {
  switch (main(c)) {
    case "investment":
      return `Looking to add income in ${c.city}?`;
    case "owner-user":
      return `Ready to own your own building in ${c.city}?`;
    case "development":
      return `Looking for ground to build on in ${c.city}?`;
    case "lease":
      return `Need space in ${c.city}?`;
    case "business":
      return `Thinking of running your own business in ${c.city}?`;
  }
}

/** The call to action for the main audience and the platform. */
function callToAction(c: PostContext, platform: PostPlatform): string {
  // A leased investment is sold on its package (tenants are not toured); a space or a building is shown.
  if (platform === "instagram") return main(c) === "investment" ? "DM us for the investment package." : invite(c, "DM us for the details or a tour.", "DM us to request the details in confidence.");
  if (platform === "google") {
    if (main(c) === "investment") return "Call or message our office for the investment package.";
    if (main(c) === "development") return "Call or message our office to walk the site.";
    return invite(c, "Call or message our office to schedule a showing.", "Call or message our office to request the details.");
  }
  switch (main(c)) {
    case "investment":
      return c.vary(["Message me for the full investment package.", "Ask for the financials and the package.", "Investors: the package is ready on request."]);
    case "lease":
      return c.pick(["Reach out to set up a tour.", "Happy to show the space: get in touch."]);
    case "development":
      return c.vary(["Reach out to walk the site.", "Ask for the survey and the details."]);
    case "business":
      return c.vary(["Qualified buyers: request the details in confidence.", "Ask for the confidential package.", "Serious buyers can request the details."]);
    default:
      return c.pick(["Message me for the package or a tour.", "Reach out to talk it through."]);
  }
}

/** The name where it starts a sentence: a stand-in for the name ("a confidential …", "this retail property") starts lower case. */
const sentenceName = (c: PostContext) => (c.confidential || /^(?:this|an?) /.test(c.name) ? capitalize(c.name) : c.name);
/** "Polaris Corporate Center in Columbus is for sale.", worded differently from post to post. */
const offeredLine = (c: PostContext) =>
  c.vary([`${sentenceName(c)} in ${c.city} is ${c.offering.phrase}.`, `${sentenceName(c)}, ${c.offering.phrase} in ${c.city}.`, `In ${c.city}, ${c.name} is ${c.offering.phrase}.`]);
const what = (c: PostContext) => (c.kind && !c.confidential ? `${c.name}, ${c.kind}` : c.name);

const TYPE_NOUNS: Record<PropertyType, string> = {
  Retail: "retail",
  Office: "office",
  Industrial: "industrial",
  Flex: "flex space",
  Multifamily: "multifamily",
  Land: "land",
  Hospitality: "hospitality",
  Restaurant: "restaurant",
  Medical: "medical office",
  "Mixed Use": "mixed-use",
  "Special Purpose": "special-purpose property",
  Business: "business",
};
const typeNoun = (c: PostContext) => {
  const type = c.deal.values.propertyType;
  return type ? TYPE_NOUNS[type] : "commercial property";
};

/** The ten shapes of an active listing's post. */
const SHAPES: Format[] = [
  // The news.
  (c, p, platform) => [
    platform === "x" ? `New in ${c.place}: ${what(c)}, ${c.offering.phrase}.` : `New to the market in ${c.placeLong}: ${what(c)}, ${c.offering.phrase}.`,
    terms(c) ?? "",
    pointsSentence(c, p) ?? "",
    platform === "x" ? "" : pitchLine(c),
    callToAction(c, platform),
  ],
  // The figures first.
  (c, p, platform) => [
    [figuresFirst(c), offeredLine(c)].filter(Boolean).join(" "),
    pointsList(p, platform, emoji(platform) ? "✅" : "–") ?? "",
    capitalize(`${audience(c)}, this one is worth a call.`),
  ],
  // The audience first.
  (c, p, platform) => [
    `${capitalize(audience(c))}, take note: ${c.name} in ${c.city} is ${c.offering.phrase}.`,
    pitchLine(c),
    platform === "x" ? (p.length ? `${capitalize(series(p.slice(0, 2)))}.` : "") : (pointsSentence(c, p) ?? ""),
    terms(c) ?? "",
    platform === "x" ? "" : callToAction(c, platform),
  ],
  // A question.
  (c, p, platform) => [
    `${question(c)} ${sentenceName(c)} in ${c.place} is ${c.offering.phrase}.`,
    p.length ? `It offers ${series(p)}.` : "",
    terms(c) ?? "",
    callToAction(c, platform),
  ],
  // The best point first.
  (c, p, platform) =>
    p.length
      ? [
          `One reason to look: ${p[0]}. ${offeredLine(c)}`,
          figuresFirst(c) ?? "",
          p.length > 1 ? `Also: ${series(p.slice(1))}.` : "",
          platform === "x" ? "" : pitchLine(c),
        ]
      : [`${c.offering.headline} in ${c.place}: ${c.name}.`, figuresFirst(c) ?? "", pitchLine(c)],
  // A fact sheet.
  (c, p, platform) =>
    platform === "x"
      ? [`${sentenceName(c)}, ${c.place} · ${[c.offering.headline, ...termLines(c), ...p.map(capitalize)].join(" · ")}`]
      : [
          `${emoji(platform) ? "🏢 " : ""}${sentenceName(c)} | ${c.place}`,
          [c.offering.headline, ...termLines(c), ...p.map(capitalize)].map((l) => `• ${l}`).join("\n"),
          capitalize(`for ${audience(c)}. ${callToAction(c, platform)}`),
        ],
  // The pitch first.
  (c, p, platform) => [
    `${pitchLine(c)} ${offeredLine(c)}`,
    terms(c) ?? "",
    platform === "x" ? "" : (pointsList(p, platform, emoji(platform) ? "👉" : "•") ?? ""),
    platform === "x" && p.length ? `${capitalize(series(p.slice(0, 2)))}.` : "",
  ],
  // The place first.
  (c, p, platform) => [
    emoji(platform)
      ? `📍 ${c.place}\n${sentenceName(c)} is ${c.offering.phrase}!`
      : `${capitalize(`${c.city} ${typeNoun(c)} ${c.offering.phrase}`)}${c.confidential ? ", offered in confidence." : `: ${c.name}.`}`,
    p.length ? `The draw: ${series(p)}.` : "",
    terms(c) ?? "",
    `A fit for ${audience(c)}.`,
  ],
  // A short notice.
  (c, p, platform) => [
    `Just listed: ${c.name}, ${c.place}.`,
    figuresFirst(c) ?? "",
    p[0] ? `The standout: ${p[0]}.` : "",
    platform === "x" ? "" : callToAction(c, platform),
  ],
  // The reasons.
  (c, p, platform) => [
    platform === "x" ? `Why ${c.name} works for ${audience(c)}:` : `Why ${c.name} in ${c.placeLong} works for ${audience(c)}:`,
    platform === "x" ? (p.length ? `${series(p)}.` : "") : p.map((l) => `– ${capitalize(l)}`).join("\n"),
    platform === "x" ? (figuresFirst(c) ?? "") : `${c.offering.headline}. ${terms(c) ?? ""}`.trim(),
    platform === "x" ? "" : callToAction(c, platform),
  ],
];

/** The closed deal's figures ("6.85% cap rate."), never its asking price: that offer is over. */
const closedFigures = (c: PostContext) => (c.keyFigures.length ? `${capitalize(c.keyFigures.join(", "))}.` : "");
/** "sold", "leased", "closed": what happened, within a sentence. */
const done = (c: PostContext) => (c.market.headline === "Leased" ? "leased" : c.market.headline === "Deal Closed" ? "closed" : "sold");

/** One shape per opener, the opener followed by the status's own blocks. */
const statusShapes = (openers: ((c: PostContext, platform: PostPlatform) => string)[], middle: (c: PostContext, p: string[]) => string[]): Format[] =>
  openers.map((opener) => (c, p, platform) => [opener(c, platform), ...middle(c, p)]);

/** Under contract: still on the market for back-up offers. */
const UNDER_CONTRACT = statusShapes(
  [
    (c) => `Under contract: ${c.name} in ${c.place}.`,
    (c) => `${sentenceName(c)} in ${c.city} is under contract.`,
    (c) => `Update: ${c.name} in ${c.placeLong} is now under contract.`,
    (c, platform) => (emoji(platform) ? `📍 ${c.place}\n${sentenceName(c)} is under contract!` : `Off the market soon? ${sentenceName(c)} in ${c.city} is under contract.`),
  ],
  (c, p) => [
    c.pick(["Back-up offers welcome.", "Back-up offers welcome: reach out to be next in line.", "Back-up offers welcome; ask us how."]),
    pointsSentence(c, p) ?? "",
    terms(c) ?? "",
  ],
);

/** Closed: the deal is announced, never offered again; people who want one like it are invited. */
const CLOSED = statusShapes(
  [
    (c) => `${c.market.headline}: ${c.name} in ${c.place}.`,
    (c) => `Just ${done(c)} in ${c.city}: ${c.name}.`,
    (c) => `Another one ${done(c)}: ${c.name} in ${c.placeLong}.`,
    (c, platform) => (emoji(platform) ? `📍 ${c.place}\n${sentenceName(c)}: ${c.market.headline.toLowerCase()}!` : `Congratulations to all sides: ${c.name} in ${c.city} has ${done(c)}.`),
  ],
  (c, p) => [
    closedFigures(c),
    p.length ? c.pick([`It offered ${series(p)}.`, `The draw: ${series(p)}.`]) : "",
    c.pick(["Looking for something similar? Get in touch.", "Want one like it? Tell us what you are looking for.", "Ask us about similar properties."]),
  ],
);

/** The shapes for a listing's market status: the ten of an active listing, four openers otherwise. */
export function formatsFor(market: MarketStatus): Format[] {
  if (market.state === "underContract") return UNDER_CONTRACT;
  if (market.state === "closed") return CLOSED;
  return SHAPES;
}

/**
 * Each block in order while the post stays within its platform's limit, less `reserve` characters
 * kept for the lines that follow; single lines joined by spaces on X.
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
