// Small text helpers shared by the post templates.

const TERMINAL = /[.!?…]["'”’)\]]*$/;

export const collapseSpaces = (text: string) => text.replace(/\s+/g, " ").trim();

/** Ends a sentence with a full stop unless it already ends with one (or ! ? …). */
export const endSentence = (text: string) => (TERMINAL.test(text) ? text : `${text}.`);

/**
 * Shortens text to at most max characters at a word boundary, with an ellipsis. Returns null when
 * no boundary is near enough: cutting inside a word could turn "12,500" into "12,5".
 */
export function clipWords(text: string, max: number): string | null {
  if (text.length <= max) return text;
  const cut = text.lastIndexOf(" ", max - 1);
  if (cut < max / 2) return null;
  return `${text.slice(0, cut).replace(/[\s,;:–—-]+$/, "")}…`;
}

/** Joins the non-empty blocks of a post with blank lines between them. */
export const paragraphs = (...blocks: (string | null | undefined | false)[]) =>
  blocks
    .filter((b): b is string => typeof b === "string" && b.trim() !== "")
    .map((b) => b.trim())
    .join("\n\n");

/** Joins the non-empty parts of one line with single spaces. */
export const line = (...parts: (string | null | undefined | false)[]) =>
  parts.filter((p): p is string => typeof p === "string" && p.trim() !== "").map((p) => p.trim()).join(" ");

/**
 * The longest text within limit: the first required variant that fits (or the last one clipped),
 * then each optional part, in order, that still fits.
 */
export function fitWithin(limit: number, required: string[], optional: (string | null | undefined)[]): string {
  let text = required.find((r) => r.length <= limit) ?? clipWords(required[required.length - 1], limit);
  // Unreachable with the schema's field limits (a name is at most 200 characters).
  text ??= `${required[required.length - 1].slice(0, limit - 1)}…`;
  for (const part of optional) {
    if (part && text.length + 1 + part.length <= limit) text = `${text} ${part}`;
  }
  return text;
}

/** "st. marys" → "StMarys": a hashtag body made only of the text's own letters and digits. */
export function toHashtagBody(text: string): string {
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => w[0].toUpperCase() + w.slice(1)).join("");
}
