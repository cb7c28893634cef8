// The unsubscribe link's token (docs/decisions/421-unsubscribe-token-signed-recipient-id.md): the recipient's id and a MAC of it under a key
// derived from the session secret, so it is unguessable (128 bits), needs no stored column, and
// every request still reads the recipient from the database.
import { createHmac, timingSafeEqual } from "node:crypto";

const TOKEN = /^([0-9a-z]{1,8})\.([A-Za-z0-9_-]{22})$/;

const keyOf = (secret: string) => createHmac("sha256", secret).update("campaign-unsubscribe-v1").digest();
const macOf = (secret: string, id: string) => createHmac("sha256", keyOf(secret)).update(id).digest("base64url").slice(0, 22);

export function unsubscribeToken(secret: string, recipientId: number): string {
  const id = recipientId.toString(36);
  return `${id}.${macOf(secret, id)}`;
}

/** The recipient a token names, or null for anything malformed or not signed by us. */
export function recipientOfToken(secret: string, token: string): number | null {
  const m = TOKEN.exec(token);
  if (!m) return null;
  const expected = Buffer.from(macOf(secret, m[1]));
  const given = Buffer.from(m[2]);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  const id = Number.parseInt(m[1], 36);
  return Number.isSafeInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}
