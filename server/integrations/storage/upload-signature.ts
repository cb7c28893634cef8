// Local uploads go to the app with a URL signed like a presigned S3 URL: the signature covers
// the object's key and the expiry, so neither can be changed, and the URL needs no server state
// beyond the row that makes it single-use (uploaded_objects for images, document_uploads for
// deal-room documents).
import { createHmac, timingSafeEqual } from "node:crypto";

export type SignatureCheck = "valid" | "invalid" | "expired";

/** `purpose` keeps each kind of upload's signatures apart: an image's link cannot upload a document. */
export function uploadSigner(sessionSecret: string, purpose = "image-upload-url/v1") {
  // A key of its own, so an upload signature can never be mistaken for a session cookie's.
  const key = createHmac("sha256", sessionSecret).update(purpose).digest();
  const sign = (imageKey: string, expires: number) =>
    createHmac("sha256", key).update(`PUT\n${imageKey}\n${expires}`).digest("base64url");

  return {
    /** The query string that authorises one PUT of imageKey until `expires` (Unix seconds). */
    query(imageKey: string, expires: number): string {
      return new URLSearchParams({ expires: String(expires), signature: sign(imageKey, expires) }).toString();
    },

    check(imageKey: string, query: { expires?: unknown; signature?: unknown }, now = Date.now()): SignatureCheck {
      const { expires, signature } = query;
      if (typeof expires !== "string" || !/^\d{1,12}$/.test(expires) || typeof signature !== "string") return "invalid";
      const expected = Buffer.from(sign(imageKey, Number(expires)));
      const given = Buffer.from(signature);
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return "invalid";
      return Number(expires) * 1000 <= now ? "expired" : "valid";
    },
  };
}
