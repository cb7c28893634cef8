/**
 * The `meta` of a query that waits for a change only the event stream announces (a listing whose
 * posts are being written, an import being committed): read again once when the page's first
 * stream opens, since what happened between the query's read and that moment was told to no one
 * (`catchUpWaiting` in live-events.ts).
 */
export const WAITS_FOR_STREAM = { waitsForStream: true } as const;
