// Text that a visitor or teammate typed, put into a mail's text part: on one line, so a line break
// in a name or a message cannot add a line that passes for the mail's own.

/** One line of text: line breaks and other control characters become spaces. */
export const oneLine = (value: string): string =>
  value
    .replace(/[\p{Cc}\u2028\u2029]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();

/** `oneLine`, cut at `max` characters with an ellipsis. */
export function excerpt(value: string, max: number): string {
  const line = oneLine(value);
  return line.length <= max ? line : `${line.slice(0, max - 1).trimEnd()}…`;
}
