// Where the event stream stood when a read began, as the server tells the page on each API read:
// the page's first stream starts from its earliest read, so what changed between that read and
// the stream's opening is replayed rather than lost (docs/guides/live-updates-and-caching.md).

/** The reply header of every API read: the stream's last event id (`<window>-<number>`) when the read began. */
export const READ_POSITION_HEADER = "Live-Event-Id";

/** A position's window and number; null when it is not one (a proxy's or an older server's reply). */
export function parsePosition(value: string | null | undefined): { window: string; seq: number } | null {
  if (!value) return null;
  // The window's name is base64url, which may itself hold a "-": the number follows the last one.
  const cut = value.lastIndexOf("-");
  const seq = Number(value.slice(cut + 1));
  if (cut <= 0 || !Number.isSafeInteger(seq) || seq < 0) return null;
  return { window: value.slice(0, cut), seq };
}
