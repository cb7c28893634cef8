// The building blocks every template draws on: openers, hooks, calls to action, link lines and
// hashtags, each picked at random so that no two sets read alike. None of them states a fact
// about the property; the facts come only from ListingFacts.
import type { ListingFacts } from "./listing-facts.js";
import type { Picker } from "./random.js";

const GENERIC_TAGS = ["CommercialRealEstate", "CRE", "RealEstate", "CommercialProperty"];

export interface PostKit extends Omit<ListingFacts, "sentences"> {
  pick: Picker["pick"];
  /** Up to n description sentences in their original order. */
  sentences(n: number): string[];
  /** The description's first sentence, which usually says what the listing is. */
  lead(): string | undefined;
  /** A sentence naming the listing, where it is and how it is offered. */
  opener(): string;
  /** A question for someone searching in the listing's city. */
  hook(): string;
  cta(style: "general" | "dm" | "reply" | "short"): string;
  /** "Flyer: https://…" lines for the links the listing has. */
  linkLines(): string[];
  /** One link with a short label, for the brief formats. */
  shortLink(): string | null;
  /** n hashtags: at least one for the location, the rest generic or for the offering type. */
  tags(n: number): string;
}

export function createPostKit(facts: ListingFacts, picker: Picker): PostKit {
  const { pick, chance } = picker;
  const { name, city, place, placeLong, offering } = facts;
  const { phrase } = offering;
  // One voice for a whole set: the same agent posts all ten.
  const solo = chance(0.5);
  const me = solo ? "me" : "us";
  // Within a set, a phrase is reused only once its alternatives have all been used.
  const used = new Set<string>();
  const fresh = (options: string[]) => {
    const unused = options.filter((o) => !used.has(o));
    const chosen = pick(unused.length ? unused : options);
    used.add(chosen);
    return chosen;
  };

  const openers = [
    `${name} in ${place} is ${phrase}.`,
    `Now ${phrase} in ${place}: ${name}.`,
    `${name}, located in ${placeLong}, is ${phrase}.`,
    `Presenting ${name} in ${place}, now ${phrase}.`,
    `Introducing ${name}, ${phrase} in ${placeLong}.`,
    `${solo ? "I am" : "We are"} pleased to present ${name} in ${place}, now ${phrase}.`,
    ...(facts.standout
      ? [`Spotlight listing in ${city}: ${name} is ${phrase}.`, `Featured opportunity: ${name} in ${place}, now ${phrase}.`]
      : []),
  ];

  const hooks = [
    `Looking for an opportunity in ${city}?`,
    `Keeping an eye on the ${city} market?`,
    ...(offering.buys ? [`Looking to buy in ${city}?`, `Searching for your next acquisition in ${city}?`] : []),
    ...(offering.leases ? [`Looking for space in ${city}?`, `Searching for the right space in ${city}?`] : []),
  ];

  const ctas = {
    general: [
      "Reach out for details.",
      `Message ${me} for the full details.`,
      `Contact ${me} to learn more.`,
      "Interested? Let's talk.",
      "Get in touch to arrange a showing.",
      `Send ${me} a message to start the conversation.`,
      `${solo ? "I'd" : "We'd"} be glad to share more. Reach out any time.`,
    ],
    dm: [
      `DM ${me} for details.`,
      `Send ${me} a DM to learn more.`,
      `Questions? DM ${me}.`,
      ...(facts.flyerLink ? [`DM ${me} for the flyer.`] : []),
    ],
    reply: [
      "Reply to this email for the full details.",
      "Simply reply if you would like to learn more.",
      `Reply here and ${solo ? "I'll" : "we'll"} follow up with details.`,
    ],
    short: ["Reach out for details.", "DM for details.", "Let's talk.", "Interested? Reach out."],
  };

  const flyerLine = () => facts.flyerLink && `${pick(["Flyer:", "View the flyer:", "Download the flyer:", "Marketing flyer:"])} ${facts.flyerLink}`;
  const listingLine = () =>
    facts.listingLink && `${pick(["Full listing:", "View the listing:", "Listing details:", "See the full listing:"])} ${facts.listingLink}`;

  return {
    ...facts,
    pick,
    sentences: (n) => {
      const all = facts.sentences;
      if (all.length <= n) return all;
      // Usually keep the first sentence: it tends to say what the listing is.
      return chance(0.6) ? [all[0], ...picker.sample(all.slice(1), n - 1)] : picker.sample(all, n);
    },
    lead: () => facts.sentences[0],
    opener: () => fresh(openers),
    hook: () => fresh(hooks),
    cta: (style) => fresh(ctas[style]),
    linkLines: () => [flyerLine(), listingLine()].filter((l): l is string => Boolean(l)),
    shortLink: () => {
      const links = [facts.flyerLink, facts.listingLink].filter((l): l is string => Boolean(l));
      return links.length ? pick(links) : null;
    },
    tags: (n) => {
      const location = picker.shuffle(facts.locationTags);
      const rest = picker.shuffle([...location.slice(1), ...GENERIC_TAGS, ...offering.tags]);
      return [location[0], ...rest]
        .filter(Boolean)
        .slice(0, n)
        .map((t) => `#${t}`)
        .join(" ");
    },
  };
}
