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
    transition: [{ transition: ["", any] }],
    resize: [{ resize: ["", any] }],
    "backdrop-blur": [{ "backdrop-blur": ["", any] }],
    "snap-align": [{ snap: ["start", "end", "center", "align-none"] }],
    "snap-type": [{ snap: ["none", "x", "y", "both"] }],
    touch: [{ touch: ["auto", "none", "manipulation"] }],
    "touch-y": [{ "touch-pan": ["y", "up", "down"] }],
    "table-layout": [{ table: ["auto", "fixed"] }],
    // Groups whose prefix is a class too (`rounded`, `shrink`).
    ...Object.fromEntries(
      ["rounded", "shrink", "grow", "blur", "drop-shadow"].map((group) => [group, [{ [group]: ["", any] }]]),
    ),
    // Groups whose prefix alone says the group.
    ...Object.fromEntries(
      Object.entries({
        accent: "accent", "align-content": "content", "align-items": "items", "align-self": "self",
        animate: "animate", appearance: "appearance", aspect: "aspect", basis: "basis", "bg-color": "bg",
        bottom: "bottom", break: "break", "col-start": "col-start", "col-start-end": "col-span",
        cursor: "cursor", duration: "duration", ease: "ease", fill: "fill",
        gap: "gap", "gap-x": "gap-x", "gap-y": "gap-y", "grid-cols": "grid-cols", "grid-rows": "grid-rows",
        h: "h", inset: "inset", "inset-x": "inset-x", "inset-y": "inset-y", "justify-content": "justify",
        "justify-items": "justify-items", "justify-self": "justify-self", leading: "leading", left: "left",
        "line-clamp": "line-clamp", "list-style-type": "list", m: "m", mb: "mb", ml: "ml", mr: "mr", mt: "mt",
        mx: "mx", my: "my", "max-h": "max-h", "max-w": "max-w", "min-h": "min-h", "min-w": "min-w",
        "object-fit": "object", opacity: "opacity", order: "order", overflow: "overflow",
        "overflow-x": "overflow-x", "overflow-y": "overflow-y", overscroll: "overscroll", p: "p", pb: "pb",
        pl: "pl", pr: "pr", pt: "pt", px: "px", py: "py", "place-items": "place-items",
        "pointer-events": "pointer-events", right: "right", "row-start": "row-start",
        "row-start-end": "row-span", rotate: "rotate", saturate: "saturate", scale: "scale",
        "scroll-mt": "scroll-mt", select: "select", size: "size", top: "top",
        tracking: "tracking", "transform-origin": "origin", "translate-x": "translate-x",
        "translate-y": "translate-y", "underline-offset": "underline-offset", "vertical-align": "align",
        w: "w", whitespace: "whitespace", z: "z",
      }).map(([group, prefix]) => [group, [{ [prefix]: [any] }]]),
    ),
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
