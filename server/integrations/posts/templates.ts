// The post formats, by channel. Each reads the listing only through the kit, so every fact in a
// post is one of the listing's own; the words around the facts are fixed here.
import type { PostKit } from "./post-kit.js";
import { fitWithin, line, paragraphs } from "./text.js";

export type Channel = "linkedin" | "facebook" | "instagram" | "x" | "email" | "text";

export type Template = (k: PostKit) => string;

const X_LIMIT = 280;
const TEXT_MESSAGE_LIMIT = 320;

const GREETINGS = ["Hello,", "Hi there,", "Hi,"];

/** One item per line; a single item reads better as a plain sentence. */
const bullets = (marker: string, items: string[]) =>
  items.length > 1 ? items.map((s) => `${marker} ${s}`).join("\n") : items.join(" ");

/** A heading with bullets when there are several sentences, a plain paragraph otherwise. */
const highlights = (k: PostKit, heading: string, marker: string, n: number) => {
  const items = k.sentences(n);
  return items.length > 1 ? `${heading}\n${bullets(marker, items)}` : items.join(" ");
};

const linkedin: Template[] = [
  (k) => paragraphs(k.opener(), k.sentences(3).join(" "), k.linkLines().join("\n"), k.cta("general"), k.tags(3)),
  (k) =>
    paragraphs(
      `${k.offering.headline} | ${k.name} | ${k.place}`,
      highlights(k, k.pick(["Highlights:", "Key details:", "At a glance:"]), "•", 4),
      k.linkLines().join("\n"),
      k.cta("general"),
      k.tags(4),
    ),
  (k) =>
    paragraphs(
      k.hook(),
      line(`${k.name} is ${k.offering.phrase} in ${k.placeLong}.`, ...k.sentences(2)),
      k.cta("general"),
      k.linkLines().join("\n"),
      k.tags(3),
    ),
  (k) =>
    paragraphs(
      `${k.pick(["Listing update", "Market opportunity", "Now available"])} in ${k.placeLong}: ${k.name} is ${k.offering.phrase}.`,
      k.sentences(2).join(" "),
      k.offering.audience
        ? `If you are working with ${k.offering.audience} looking in ${k.city}, this one is worth sharing.`
        : `If you know someone looking in ${k.city}, this one is worth sharing.`,
      line(k.cta("general"), k.shortLink()),
      k.tags(3),
    ),
];

const facebook: Template[] = [
  (k) => {
    const link = k.shortLink();
    return paragraphs(
      `📍 ${k.placeLong}`,
      line(`${k.name} is ${k.offering.phrase}!`, ...k.sentences(2)),
      line(k.cta("general"), link && `👉 ${link}`),
      k.tags(2),
    );
  },
  (k) =>
    paragraphs(
      k.hook(),
      line(`${k.name} is ${k.offering.phrase} in ${k.place}.`, ...k.sentences(2)),
      k.linkLines().join("\n"),
      k.cta("general"),
      k.tags(2),
    ),
  (k) =>
    paragraphs(
      `🏢 ${k.offering.headline.toUpperCase()} | ${k.city}`,
      k.name,
      bullets("✅", k.sentences(3)),
      k.cta("general"),
      k.linkLines().join("\n"),
      k.tags(3),
    ),
  (k) =>
    paragraphs(
      line(`Take a look at ${k.name} in ${k.place}, now ${k.offering.phrase}.`, ...k.sentences(1)),
      line(k.cta("general"), k.shortLink()),
      k.tags(2),
    ),
  (k) =>
    paragraphs(
      `Know someone looking in ${k.city}? Share this with them!`,
      line(`${k.name} is ${k.offering.phrase}.`, ...k.sentences(2)),
      k.linkLines().join("\n"),
      k.tags(2),
    ),
];

// Instagram captions carry no links (they are not clickable there), so they ask for a message.
const instagram: Template[] = [
  (k) =>
    paragraphs(
      `${k.name} ✨\n📍 ${k.place}\n🏷️ ${k.offering.headline}`,
      k.sentences(2).join(" "),
      k.cta("dm"),
      k.tags(7),
    ),
  (k) => paragraphs(k.hook(), line(`${k.name} is ${k.offering.phrase}.`, k.lead()), k.cta("dm"), k.tags(6)),
  (k) =>
    paragraphs(
      `${k.offering.headline.toUpperCase()} 📍 ${k.city}, ${k.stateCode}`,
      k.name,
      bullets("•", k.sentences(3)),
      k.cta("dm"),
      k.tags(8),
    ),
];

const x: Template[] = [
  (k) =>
    fitWithin(X_LIMIT, [`${k.offering.headline} in ${k.place}: ${k.name}.`, `${k.name}: ${k.offering.phrase}.`], [
      k.lead(),
      k.shortLink(),
      k.tags(2),
    ]),
  (k) =>
    fitWithin(X_LIMIT, [`${k.name} is ${k.offering.phrase} in ${k.city}, ${k.stateCode}.`, `${k.name} is ${k.offering.phrase}.`], [
      k.cta("short"),
      k.shortLink(),
      k.tags(1),
    ]),
  (k) =>
    fitWithin(X_LIMIT, [`${k.hook()} ${k.name} is ${k.offering.phrase}.`, `${k.name} is ${k.offering.phrase}.`], [
      k.shortLink(),
      k.tags(2),
    ]),
  (k) =>
    fitWithin(X_LIMIT, [`📍 ${k.place} | ${k.name}, ${k.offering.phrase}.`, `${k.name}, ${k.offering.phrase}.`], [
      k.sentences(1)[0],
      k.tags(2),
    ]),
];

const email: Template[] = [
  (k) =>
    paragraphs(
      `Subject: ${k.name} | ${k.offering.headline} in ${k.place}`,
      k.pick(GREETINGS),
      line(`${k.name} in ${k.placeLong} is ${k.offering.phrase}.`, ...k.sentences(2)),
      k.linkLines().join("\n"),
      k.cta("reply"),
    ),
  (k) =>
    paragraphs(
      `Subject: ${k.offering.headline} in ${k.city}: ${k.name}`,
      k.pick(GREETINGS),
      line(`A quick note to share ${k.name}, now ${k.offering.phrase} in ${k.place}.`, ...k.sentences(3)),
      k.linkLines().join("\n"),
      k.cta("reply"),
    ),
  (k) =>
    paragraphs(
      `Subject: Opportunity in ${k.city}, ${k.stateCode}`,
      k.hook(),
      line(k.opener(), ...k.sentences(2)),
      k.linkLines().join("\n"),
      k.cta("reply"),
    ),
];

const text: Template[] = [
  (k) =>
    fitWithin(TEXT_MESSAGE_LIMIT, [`Hi! ${k.name} in ${k.place} is now ${k.offering.phrase}.`, `${k.name} is now ${k.offering.phrase}.`], [
      k.shortLink(),
      k.pick(["Want the details?", "Happy to send details.", "Interested?"]),
    ]),
  (k) =>
    fitWithin(TEXT_MESSAGE_LIMIT, [`Quick heads-up: ${k.name} (${k.place}) is ${k.offering.phrase}.`, `${k.name} is ${k.offering.phrase}.`], [
      k.lead(),
      k.pick(["Want the details?", "Happy to send details."]),
      k.shortLink(),
    ]),
  (k) =>
    fitWithin(TEXT_MESSAGE_LIMIT, [`Thought you might like this one: ${k.name} in ${k.place}, now ${k.offering.phrase}.`, `${k.name}, now ${k.offering.phrase}.`], [
      k.shortLink(),
      k.pick(["Let me know if you'd like details.", "Happy to share more."]),
    ]),
];

export const TEMPLATES: Record<Channel, Template[]> = { linkedin, facebook, instagram, x, email, text };

/** Ten posts across the channels an agent uses: the busy ones twice, each time in another format. */
export const CHANNEL_PLAN: Channel[] = [
  "linkedin",
  "facebook",
  "instagram",
  "x",
  "email",
  "linkedin",
  "facebook",
  "instagram",
  "x",
  "text",
];
