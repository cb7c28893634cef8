// A listing's photo gallery as both sides see it: the
// shapes of /api/listings/:id/photos and the rules the screens check before the server does.
import { z } from "zod";
import "./zod-setup.js";
import { isStorableText, unstorableMessage } from "./storable-text.js";

export const PHOTO_KINDS = ["photo", "floorPlan", "sitePlan", "aerial", "map", "other"] as const;
export type PhotoKind = (typeof PHOTO_KINDS)[number];

export const PHOTO_KIND_LABELS: Record<PhotoKind, string> = {
  photo: "Photo",
  floorPlan: "Floor plan",
  sitePlan: "Site plan",
  aerial: "Aerial",
  map: "Map",
  other: "Other",
};

export const MAX_PHOTOS_PER_LISTING = 40;
export const MAX_PHOTO_CAPTION = 300;
export const TOO_MANY_PHOTOS_MESSAGE = `A listing can have at most ${MAX_PHOTOS_PER_LISTING} photos. Delete one before adding another.`;
export const PHOTO_RIGHTS_MARKER = "Confirm you may use this image";

/** One photo (GET /api/listings/:id/photos lists them in order). */
export interface Photo {
  id: number;
  url: string;
  /** A small copy for grids, made once on the server; the url itself for an image kept elsewhere. */
  thumbnailUrl: string;
  kind: PhotoKind;
  caption: string;
  position: number;
  isCover: boolean;
  /** As the image displays (upright), null when the server never read it. */
  width: number | null;
  height: number | null;
  /** The flyer or page the image was pulled from; null for the team's own uploads. */
  sourceUrl: string | null;
  /** False until someone confirms the team may use a pulled image: it stays out of anything outside-facing. */
  rightsConfirmed: boolean;
}

const kindField = z.enum(PHOTO_KINDS, { error: `Kind must be one of ${PHOTO_KINDS.join(", ")}` });
const captionField = z
  .string({ error: "Caption must be text" })
  .refine(isStorableText, unstorableMessage("Caption"))
  .transform((v) => v.trim())
  .refine((v) => v.length <= MAX_PHOTO_CAPTION, `Caption must be at most ${MAX_PHOTO_CAPTION} characters`);

export const addPhotoSchema = z.object({
  url: z.string({ error: "Send the url of an uploaded image" }).trim().min(1, "Send the url of an uploaded image").max(2048, "That image url is too long"),
  kind: kindField.optional(),
  caption: captionField.optional(),
});
export type AddPhoto = z.infer<typeof addPhotoSchema>;

export const patchPhotoSchema = z
  .object({
    kind: kindField.optional(),
    caption: captionField.optional(),
    isCover: z.boolean({ error: "isCover must be true or false" }).optional(),
    rightsConfirmed: z.boolean({ error: "rightsConfirmed must be true or false" }).optional(),
  })
  .refine((v) => Object.values(v).some((x) => x !== undefined), "Send kind, caption, isCover or rightsConfirmed");
export type PatchPhoto = z.infer<typeof patchPhotoSchema>;

export const photoOrderSchema = z.object({
  ids: z.array(z.number({ error: "ids must be photo ids" }).int("ids must be photo ids"), { error: "Send ids: every photo id of the listing, in the new order" }),
});
