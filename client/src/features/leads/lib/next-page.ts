/** The `rel="next"` address of a Link header (RFC 8288), as GET /api/leads gives it; null when none. */
export function nextPageOf(link: string | null): string | null {
  for (const part of (link ?? "").split(",")) {
    const match = /^\s*<([^>]*)>\s*;(.*)$/.exec(part);
    if (match && /(^|;)\s*rel="?([^";]*\s)?next(\s[^";]*)?"?\s*(;|$)/.test(match[2])) return match[1];
  }
  return null;
}
