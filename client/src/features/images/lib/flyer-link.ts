// Which flyer link to take an image from, and when (spec §4; hooks/use-flyer-extraction.ts runs
// the timer and the request).
import { withWebScheme } from "@shared/parse/web-address";

/** Only a whole web address is worth an automatic try; half-typed text would only fail. */
export function isWebAddress(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const { protocol } = new URL(value);
  return protocol === "http:" || protocol === "https:";
}

/** The link as the listing schema reads it: "www.loopnet.com/..." is the https page. */
export const flyerLink = (flyerUrl: string): string => withWebScheme(flyerUrl);

/**
 * The link to try automatically after the field changed to `flyerUrl`, or null: never while
 * there is an image (or one uploading), never for a partial address, never one tried before.
 */
export function linkToTryAutomatically(flyerUrl: string, canAutoExtract: boolean, lastTried: string | null): string | null {
  const link = flyerLink(flyerUrl);
  return canAutoExtract && isWebAddress(link) && link !== lastTried ? link : null;
}

/** When the wait is over: the try still stands unless an image arrived or the button tried it meanwhile. */
export const stillWorthTrying = (link: string, canAutoExtract: boolean, lastTried: string | null): boolean =>
  canAutoExtract && link !== lastTried;
