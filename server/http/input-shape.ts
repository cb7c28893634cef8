// How deep and how many-valued a request may be, checked before anything walks it.
// The deepest body the app sends is three levels
// (the import wizard's value maps: body → field → file value); the most values, the 100,000
// listing ids of an export or a bulk edit. A JSON body is checked on its bytes, before
// JSON.parse makes objects of them: 64 MB of `[[[[` or `{},{},` would otherwise take seconds of
// the event loop and gigabytes of memory before anything could refuse it.
import { badRequest, HttpError } from "./http-error.js";

export const INPUT_SHAPE = {
  /** Levels of brackets (a body `{"a":[1]}` is two). */
  maxDepth: 32,
  /** Values of a JSON body, counted as its brackets and commas. */
  maxValues: 1_000_000,
} as const;

export const tooDeep = () =>
  badRequest(`The request is nested too deeply: at most ${INPUT_SHAPE.maxDepth} levels of brackets are accepted.`);
const tooManyValues = () =>
  new HttpError(413, `The request holds too many values: at most ${INPUT_SHAPE.maxValues.toLocaleString("en-US")} are accepted.`);

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const [OPEN_ARRAY, OPEN_OBJECT, CLOSE_ARRAY, CLOSE_OBJECT, COMMA] = [0x5b, 0x7b, 0x5d, 0x7d, 0x2c];

/** Where the string opened at `open` ends: the next quote not escaped by an odd run of backslashes. */
function stringEnd(bytes: Buffer, open: number): number {
  let at = open;
  for (;;) {
    at = bytes.indexOf(QUOTE, at + 1);
    if (at === -1) return bytes.length; // unclosed: JSON.parse says so
    let slashes = 0;
    while (bytes[at - 1 - slashes] === BACKSLASH) slashes++;
    if (slashes % 2 === 0) return at;
  }
}

/**
 * Refuses UTF-8 JSON deeper or with more values than INPUT_SHAPE allows, in one pass that stops
 * at the first bracket too many. Strings are skipped with indexOf (a 60 MB base64 file is one
 * string); only structure is looked at byte by byte. Multi-byte UTF-8 characters hold no ASCII
 * bytes, so none is mistaken for a bracket. Malformed JSON is left for JSON.parse to refuse.
 */
export function jsonShapeProblem(bytes: Buffer): HttpError | undefined {
  let depth = 0;
  let values = 0;
  for (let at = 0; at < bytes.length; at++) {
    const byte = bytes[at];
    if (byte === QUOTE) at = stringEnd(bytes, at);
    else if (byte === OPEN_ARRAY || byte === OPEN_OBJECT) {
      if (++depth > INPUT_SHAPE.maxDepth) return tooDeep();
      if (++values > INPUT_SHAPE.maxValues) return tooManyValues();
    } else if (byte === CLOSE_ARRAY || byte === CLOSE_OBJECT) depth--;
    else if (byte === COMMA && ++values > INPUT_SHAPE.maxValues) return tooManyValues();
  }
  return undefined;
}

/**
 * body-parser's `verify` hook: runs on the raw body before it is parsed, and what it throws goes
 * to the error handler with the thrown error's status. A body in another UTF (body-parser's JSON
 * accepts any) is re-encoded as UTF-8 first, so none of its code units passes for a bracket.
 */
export function verifyJsonShape(_req: unknown, _res: unknown, body: Buffer, encoding: string): void {
  let bytes = body;
  if (encoding !== "utf-8") {
    let text: string;
    try {
      text = new TextDecoder(encoding).decode(body);
    } catch {
      throw new HttpError(415, "The request's character set is not supported");
    }
    bytes = Buffer.from(text, "utf8");
  }
  const problem = jsonShapeProblem(bytes);
  if (problem) throw problem;
}
