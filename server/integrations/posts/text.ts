// Small text helpers shared by the post templates.

export const collapseSpaces = (text: string) => text.replace(/\s+/g, " ").trim();

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

/** "st. marys" → "StMarys": a hashtag body made only of the text's own letters and digits. */
export function toHashtagBody(text: string): string {
  return (text.match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => w[0].toUpperCase() + w.slice(1)).join("");
}
