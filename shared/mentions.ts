// @mentions: one rule for the server (who gets notified) and the client picker (when it opens).
// A mention is an @ at the start of the text or after whitespace, followed by username
// characters, so "bob@example.com" mentions nobody. Pure TypeScript, no imports.

/** Characters a username may hold (shared/schema.ts usernameField). */
const NAME_CHARS = "A-Za-z0-9._-";
const MENTION = new RegExp(`(?<=^|\\s)@([${NAME_CHARS}]+)`, "g");
const TRAILING_PUNCTUATION = /[._-]$/;
const TYPING_QUERY = new RegExp(`(?<=^|\\s)@([${NAME_CHARS}]*)$`);
const NAME_PREFIX = new RegExp(`^[${NAME_CHARS}]*`);

/**
 * The names a token may mean, longest first: "sam." may be the user "sam." or "sam" followed
 * by a full stop, so both are tried and the longest existing username wins.
 */
function readings(token: string): string[] {
  const names = [token];
  let name = token;
  while (TRAILING_PUNCTUATION.test(name)) {
    name = name.slice(0, -1);
    if (name) names.push(name);
  }
  return names;
}

function tokens(text: string): string[] {
  return [...text.matchAll(MENTION)].map((m) => m[1]);
}

/** Every lower-cased name worth looking up for this text (each once). */
export function mentionCandidates(text: string): string[] {
  return [...new Set(tokens(text).flatMap(readings).map((n) => n.toLowerCase()))];
}

/**
 * The usernames, as spelled in `usernames`, that the text mentions: matched ignoring case, each
 * once, in order of first mention. Names that are not in `usernames` are not mentions.
 */
export function resolveMentions(text: string, usernames: readonly string[]): string[] {
  const byLower = new Map(usernames.map((u) => [u.toLowerCase(), u]));
  const found = new Set<string>();
  for (const token of tokens(text)) {
    const match = readings(token).find((n) => byLower.has(n.toLowerCase()));
    if (match) found.add(byLower.get(match.toLowerCase())!);
  }
  return [...found];
}

/**
 * The mention being typed just before the caret, for the picker: where its @ is and the partial
 * name after it (possibly empty). Null when the caret is not in a mention, e.g. after a space.
 */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const match = TYPING_QUERY.exec(text.slice(0, caret));
  return match ? { start: match.index, query: match[1] } : null;
}

/**
 * The picker's suggestions: usernames containing the query, ignoring case (spec §5); names
 * that start with it come first, so "@al" offers "alex" before "sal".
 */
export function matchUsernames(usernames: readonly string[], query: string): string[] {
  const q = query.toLowerCase();
  const hits = usernames.filter((u) => u.toLowerCase().includes(q));
  const starts = (u: string) => u.toLowerCase().startsWith(q);
  return [...hits.filter(starts), ...hits.filter((u) => !starts(u))];
}

/**
 * The text after the picker chose `username` for the mention being typed at the caret: the
 * partial "@que" (and any name characters right after the caret) becomes "@username ", and the
 * caret lands after the space. Null when the caret is not in a mention.
 */
export function insertMention(text: string, caret: number, username: string): { text: string; caret: number } | null {
  const active = mentionQueryAt(text, caret);
  if (!active) return null;
  const rest = text.slice(caret);
  const tail = rest.slice(NAME_PREFIX.exec(rest)![0].length);
  // Reuse whitespace that is already there instead of doubling it.
  const spaced = /^\s/.test(tail) ? tail : ` ${tail}`;
  const mention = `@${username}`;
  return { text: text.slice(0, active.start) + mention + spaced, caret: active.start + mention.length + 1 };
}

/** A run of note text; `mention` is the username (as stored) when the run is a mention. */
export interface TextSegment {
  text: string;
  mention?: string;
}

/**
 * The text cut into plain runs and mentions of the given usernames (each mention's `text` is
 * exactly what was typed, e.g. "@Sam" for the user "sam"), for rendering without HTML.
 */
export function mentionSegments(text: string, usernames: readonly string[]): TextSegment[] {
  const byLower = new Map(usernames.map((u) => [u.toLowerCase(), u]));
  const segments: TextSegment[] = [];
  let plainFrom = 0;
  for (const match of text.matchAll(MENTION)) {
    const name = readings(match[1]).find((n) => byLower.has(n.toLowerCase()));
    if (!name) continue;
    const start = match.index;
    if (start > plainFrom) segments.push({ text: text.slice(plainFrom, start) });
    segments.push({ text: `@${name}`, mention: byLower.get(name.toLowerCase())! });
    plainFrom = start + 1 + name.length;
  }
  if (plainFrom < text.length) segments.push({ text: text.slice(plainFrom) });
  return segments;
}
