// Constants both sides read, defined once: the browser checks them for the person's sake and the
// server enforces them. Client-safe: no database code here.

// ---------------------------------------------------------------- images

/** Spec §5/§9: one image of at most 10485760 bytes (10 MB). */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** The formats accepted, judged by the bytes on the server. SVG is an image too, but can carry script: never. */
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"] as const;
export type ImageContentType = (typeof ACCEPTED_IMAGE_TYPES)[number];

export const UNSUPPORTED_IMAGE_MESSAGE = "Only JPEG, PNG, WebP, GIF or AVIF images are accepted";
export const IMAGE_TOO_LARGE_MESSAGE = "That file is too large. Images can be at most 10 MB";
/** Shown under the upload area, so the rules are known before a file is refused. */
export const IMAGE_RULES_NOTE = "One JPEG, PNG, WebP, GIF or AVIF image, up to 10 MB";

// ---------------------------------------------------------------- category colours

/** A colour as settings store it: #RRGGBB. */
export const HEX_COLOR = /^#[0-9A-Fa-f]{6}$/;

/** Spec §9: the default category colours; card border and shadow on. */
export const DEFAULT_SETTINGS = {
  singleColor: "#9CA3AF",
  doubleColor: "#3B82F6",
  tripleColor: "#10B981",
  homerunColor: "#EF4444",
  grandSlamColor: "#FFD700",
  enableCardShadow: true,
  mentionEmail: "immediate",
} as const;

// ---------------------------------------------------------------- agents

/**
 * "No agent" where a choice of agent needs a value of its own (a Radix Select item cannot be
 * empty): the listings' agent filter and the form's agent field.
 */
export const UNASSIGNED = "unassigned";
/** The listing pages' agent filter for "the listings of my own agent profile". */
export const MINE = "mine";
