/**
 * A new id for one bulk delete run: a random (version 4) uuid. Built from getRandomValues, which
 * browsers give every page, because randomUUID exists only on https and localhost and a team may
 * run the app on a plain-http address in its office.
 */
export function newBulkActionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6] & 0x0f) | 0x40;
  bytes[8] = (bytes[8] & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
