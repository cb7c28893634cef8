// What the upload widget lets through. The server checks the bytes again and is the real gate
// (server/integrations/storage/image-types.ts); this only saves people a refused upload.

/** Spec §5/§9: one image of at most 10485760 bytes (10 MB). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** The formats the server accepts. SVG is an image type too, but can carry script: never. */
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"];

export const UNSUPPORTED_IMAGE_MESSAGE = "Only JPEG, PNG, WebP, GIF or AVIF images are accepted";

/** Shown under the upload area, so the rules are known before a file is refused. */
export const IMAGE_RULES_NOTE = "One JPEG, PNG, WebP, GIF or AVIF image, up to 10 MB";
