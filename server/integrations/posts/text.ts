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

/**
 * "a" or "an" as the next word is spoken: "an 8.4-acre lot" (eight), "an 11,000 SF building"
 * (eleven), "an 18 …" (eighteen), "a 1,100 SF suite" (one thousand), "an office", "a unit",
 * "an NNN lease" (en). "±" is read "plus or minus": "a ±8.4-acre lot".
 */
export function indefiniteArticle(next: string): "a" | "an" {
  const word = next.trimStart();
  const digits = /^\d+/.exec(word)?.[0];
  if (digits !== undefined) return digits.startsWith("8") || digits === "11" || digits === "18" ? "an" : "a";
  const acronym = /^[A-Z]{2,}(?![a-z])/.exec(word)?.[0];
  if (acronym) return "AEFHILMNORSX".includes(acronym[0]) ? "an" : "a";
  if (/^(?:hour|honest|heir)/i.test(word)) return "an";
  if (/^(?:uni|use|usu|ut|ure|eu|one\b|once\b)/i.test(word)) return "a";
  return /^[aeiou]/i.test(word) ? "an" : "a";
}

/** "a 8.4 AC lot" → "an 8.4-acre lot": the phrase with the article its next word takes. */
export const withArticle = (phrase: string) => `${indefiniteArticle(phrase)} ${phrase}`;

// "8.4 AC lot" → "8.4-acre lot" (a size before its noun is hyphenated and singular), "±8.4 AC" → "±8.4 acres".
const ACRES_BEFORE_NOUN = /(\d[\d,]*(?:\.\d+)?)\s?AC\b(?=\s+(?:lot|site|parcel|tract|pad|outparcel|property)\b)/gu;
const ACRES = /(\d[\d,]*(?:\.\d+)?)\s?AC\b/gu;
// An article before a figure, fixed for the figure's sound: "a 11.2-acre lot" → "an 11.2-acre lot".
const ARTICLE_BEFORE_FIGURE = /\b([Aa]n?) (?=([±~]?\d[\d,.]*))/gu;

/** Units as a person writes them in a sentence (acres spelled out), and "a"/"an" that match the figure after them. */
export function asWritten(text: string): string {
  return text
    .replace(ACRES_BEFORE_NOUN, "$1-acre")
    .replace(ACRES, (_, n: string) => `${n} ${n === "1" ? "acre" : "acres"}`)
    .replace(ARTICLE_BEFORE_FIGURE, (_, a: string, next: string) => {
      const right = indefiniteArticle(next);
      return `${a[0] === "A" ? capitalizeFirst(right) : right} `;
    });
}

const capitalizeFirst = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
