// The one password rule beyond length: zxcvbn's estimate, with the common and
// English dictionaries shipped as packages (no outside service), must reach "safely
// unguessable" (score 3 of 4), and the password must not contain the username. Registration and
// setup check here; a password change or reset will too.
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import * as common from "@zxcvbn-ts/language-common";
import * as en from "@zxcvbn-ts/language-en";
import { badRequest } from "../../http/http-error.js";

export const MIN_PASSWORD_SCORE = 3;

// The estimate runs on the event loop and its cost grows steeply with length and with l33t
// look-alikes ("ab1!ab1!..." took seconds at the defaults of 256 characters and 100
// substitutions). Judging the first 64 characters with at most 10 substitutions bounds it to
// tens of milliseconds; a password whose first 64 characters are strong is strong.
const JUDGED_LENGTH = 64;
const MAX_L33T_SUBSTITUTIONS = 10;

// Building the ranked dictionaries takes a moment and some memory: once, on first use.
let factory: ZxcvbnFactory | undefined;
const checker = () =>
  (factory ??= new ZxcvbnFactory({
    maxLength: JUDGED_LENGTH,
    l33tMaxSubstitutions: MAX_L33T_SUBSTITUTIONS,
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  }));

/** Why this password is refused, in words for the person choosing it; null when it is fine. */
export function checkPasswordStrength(password: string, who: { username: string; email?: string | null }): string | null {
  const username = who.username.trim().toLowerCase();
  if (username.length >= 3 && password.toLowerCase().includes(username)) return "Password must not contain your username";
  const email = who.email?.trim().toLowerCase() ?? "";
  const inputs = [username, email, email.split("@")[0]].filter((v) => v.length >= 3);
  const result = checker().check(password, inputs);
  if (result.score >= MIN_PASSWORD_SCORE) return null;
  const { warning, suggestions } = result.feedback;
  return [warning ?? "This password is too easy to guess.", suggestions[0] ?? "Try a longer phrase of uncommon words."].join(" ");
}

/** Throws the 400 that shows the reason under the form's Password field. */
export function assertStrongPassword(password: string, who: { username: string; email?: string | null }): void {
  const reason = checkPasswordStrength(password, who);
  if (reason) throw badRequest(reason, { password: reason });
}
