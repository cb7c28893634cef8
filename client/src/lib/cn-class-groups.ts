import type { Config } from "tailwind-merge";

// The Tailwind class groups our code gives cn(), for tailwind-merge's engine. The full default
// configuration knows every Tailwind class and weighs 9 of the first page's KB (gzip); this one
// knows the groups of the classes written in client/src, told apart only as far as those classes
// need (docs/decisions/318-cn-merges-only-our-class-groups.md). A value test is loose on purpose
// (`any`): client/src/lib/cn.test.ts checks that every class in client/src lands in the group the
// default configuration gives it and merges with every other exactly as the full twMerge does, so
// a new class that lands elsewhere fails there with its name.
const any = () => true;
// Tailwind's number and fraction values (`border-2`, `ring-0`, `outline-2`, `ring-offset-2`).
const numeric = (value: string) => /^\d+(\.\d+)?(\/\d+)?$/.test(value);
// Text sizes, as against text colours: `text-sm`, `text-2xl`, `text-[13px]`.
const textSize = (value: string) => /^(\d*xs|sm|base|lg|\d*xl|\[[\d.]+(px|r?em)\])$/.test(value);

const PREFIX_GROUPS =
  "accent content items self animate appearance aspect basis bg bottom break col-start col-span cursor " +
  "duration ease fill gap gap-x gap-y grid-cols grid-rows h inset inset-x inset-y justify justify-items " +
  "justify-self leading left line-clamp list m mb ml mr mt mx my max-h max-w min-h min-w object opacity " +
  "order overflow overflow-x overflow-y overscroll p pb pl pr pt px py place-items pointer-events right " +
  "row-start row-span rotate saturate scale scroll-mt select size top tracking origin translate-x " +
  "translate-y underline-offset align w whitespace z";
const WORD_PREFIX_GROUPS = "rounded shrink grow blur drop-shadow transition resize backdrop-blur";

type ClassGroupIds = string;
type ThemeGroupIds = never;

export const cnConfig = (): Config<ClassGroupIds, ThemeGroupIds> => ({
  cacheSize: 500,
  theme: {},
  classGroups: {
    // Words that are whole classes, and the first parts that others extend.
    display: ["block", "inline-block", "inline", "flex", "inline-flex", "grid", "inline-grid", "contents", "table", "hidden"],
    position: ["static", "fixed", "absolute", "relative", "sticky"],
    visibility: ["visible", "invisible", "collapse"],
    isolation: ["isolate", "isolation-auto"],
    sr: ["sr-only", "not-sr-only"],
    "font-style": ["italic", "not-italic"],
    "text-decoration": ["underline", "overline", "line-through", "no-underline"],
    "text-transform": ["uppercase", "lowercase", "capitalize", "normal-case"],
    "text-overflow": ["truncate", "text-ellipsis", "text-clip"],
    "fvn-spacing": ["tabular-nums", "proportional-nums"],
    // Groups told apart by a fixed word before the loose rest of their prefix.
    "text-alignment": [{ text: ["left", "center", "right", "justify", "start", "end"] }],
    "font-size": [{ text: [textSize] }],
    "text-color": [{ text: [any] }],
    "font-weight": [{ font: ["thin", "extralight", "light", "normal", "medium", "semibold", "bold", "extrabold", "black"] }],
    "font-family": [{ font: [any] }],
    "flex-direction": [{ flex: ["row", "row-reverse", "col", "col-reverse"] }],
    "flex-wrap": [{ flex: ["wrap", "wrap-reverse", "nowrap"] }],
    flex: [{ flex: [any] }],
    "border-style": [{ border: ["solid", "dashed", "dotted", "double", "hidden", "none"] }],
    "border-collapse": [{ border: ["collapse", "separate"] }],
    "border-spacing": [{ "border-spacing": [any] }],
    "border-w": [{ border: ["", numeric] }],
    "border-w-x": [{ "border-x": ["", numeric] }],
    "border-w-t": [{ "border-t": ["", numeric] }],
    "border-w-r": [{ "border-r": ["", numeric] }],
    "border-w-b": [{ "border-b": ["", numeric] }],
    "border-w-l": [{ "border-l": ["", numeric] }],
    "border-color": [{ border: [any] }],
    "divide-y": [{ "divide-y": ["", numeric] }],
    "ring-w": [{ ring: ["", numeric] }],
    "ring-offset-w": [{ "ring-offset": [numeric] }],
    "ring-offset-color": [{ "ring-offset": [any] }],
    "ring-color": [{ ring: [any] }],
    "outline-style": [{ outline: ["solid", "dashed", "dotted", "double", "none", "hidden"] }],
    "outline-w": [{ outline: ["", numeric] }],
    "outline-offset": [{ "outline-offset": [any] }],
    "outline-color": [{ outline: [any] }],
    shadow: [{ shadow: ["", "none", "2xs", "xs", "sm", "md", "lg", "xl", "2xl"] }],
    "shadow-color": [{ shadow: [any] }],
    "snap-align": [{ snap: ["start", "end", "center", "align-none"] }],
    "snap-type": [{ snap: ["none", "x", "y", "both"] }],
    touch: [{ touch: ["auto", "none", "manipulation"] }],
    "touch-y": [{ "touch-pan": ["y", "up", "down"] }],
    "table-layout": [{ table: ["auto", "fixed"] }],
    // Groups whose prefix alone says the group, named by it (`p-4`, `max-w-md`), and those whose
    // prefix is a class too (`rounded`, `shrink`).
    ...Object.fromEntries(PREFIX_GROUPS.split(" ").map((prefix) => [prefix, [{ [prefix]: [any] }]])),
    ...Object.fromEntries(WORD_PREFIX_GROUPS.split(" ").map((prefix) => [prefix, [{ [prefix]: ["", any] }]])),
  },
  conflictingClassGroups: {
    overflow: ["overflow-x", "overflow-y"],
    inset: ["inset-x", "inset-y", "top", "right", "bottom", "left"],
    "inset-x": ["right", "left"],
    "inset-y": ["top", "bottom"],
    flex: ["basis", "grow", "shrink"],
    gap: ["gap-x", "gap-y"],
    p: ["px", "py", "pt", "pr", "pb", "pl"],
    px: ["pr", "pl"],
    py: ["pt", "pb"],
    m: ["mx", "my", "mt", "mr", "mb", "ml"],
    mx: ["mr", "ml"],
    my: ["mt", "mb"],
    size: ["w", "h"],
    "font-size": ["leading"],
    "line-clamp": ["display", "overflow"],
    "border-w": ["border-w-x", "border-w-t", "border-w-r", "border-w-b", "border-w-l"],
    "border-w-x": ["border-w-r", "border-w-l"],
    touch: ["touch-x", "touch-y", "touch-pz"],
    "touch-y": ["touch"],
  },
  conflictingClassGroupModifiers: { "font-size": ["leading"] },
  orderSensitiveModifiers: ["*", "**", "after", "backdrop", "before", "details-content", "file", "first-letter", "first-line", "marker", "placeholder", "selection"],
});
