// A recipient's tokens in a campaign message: the unsubscribe link's
// (docs/decisions/421-unsubscribe-token-signed-recipient-id.md) and the open pixel's. Each is the
// recipient's id and a MAC of it under a key derived from the session secret for its one purpose,
// so it is unguessable (128 bits), needs no stored column, an open token cannot unsubscribe
// anyone, and every request still reads the recipient from the database.
import { createHmac, timingSafeEqual } from "node:crypto";

export type TokenPurpose = "unsubscribe" | "open";

const TOKEN = /^([0-9a-z]{1,8})\.([A-Za-z0-9_-]{22})$/;

const keyOf = (secret: string, purpose: TokenPurpose) => createHmac("sha256", secret).update(`campaign-${purpose}-v1`).digest();
const macOf = (secret: string, purpose: TokenPurpose, id: string) => createHmac("sha256", keyOf(secret, purpose)).update(id).digest("base64url").slice(0, 22);

export function recipientToken(secret: string, recipientId: number, purpose: TokenPurpose): string {
  const id = recipientId.toString(36);
  return `${id}.${macOf(secret, purpose, id)}`;
}

export const unsubscribeToken = (secret: string, recipientId: number) => recipientToken(secret, recipientId, "unsubscribe");

/** The recipient a token names, or null for anything malformed or not signed by us for this purpose. */
export function recipientOfToken(secret: string, token: string, purpose: TokenPurpose = "unsubscribe"): number | null {
  const m = TOKEN.exec(token);
  if (!m) return null;
  const expected = Buffer.from(macOf(secret, purpose, m[1]));
  const given = Buffer.from(m[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const id = Number.parseInt(m[1], 36);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}
