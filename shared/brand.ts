// The brokerage's brand: what every outside-facing piece
// (the flyer first) carries, since state advertising rules want the brokerage's name and phone on
// each. One per workspace; admins edit it, everyone reads it. Client-safe: no database code.
import { z } from "zod";
import "./zod-setup.js";
import { HEX_COLOR } from "./constants.js";
import { optionalEmail, optionalLink, optionalPhone, optionalText } from "./schema.js";

export const DEFAULT_DISCLAIMER = "Information deemed reliable but not guaranteed.";

/** The fields of GET / PUT /api/brand, exactly. Text not set is "". */
export interface Brand {
  brokerageName: string;
  phone: string;
  email: string;
  website: string;
  address: string;
  licenseNumber: string;
  /** An image from this app's upload flow (`/api/objects/images/<key>`), or "". */
  logoUrl: string;
  /** #RRGGBB: the flyer's headline band and rules. */
  accentColor: string;
  disclaimer: string;
}

export const DEFAULT_BRAND: Brand = {
  brokerageName: "",
  phone: "",
  email: "",
  website: "",
  address: "",
  licenseNumber: "",
  logoUrl: "",
  accentColor: "#1F3A5F",
  disclaimer: DEFAULT_DISCLAIMER,
};

export const BRAND_LIMITS = { disclaimer: 1000, address: 300, licenseNumber: 100 } as const;

/** The app's own image address, as the upload flow hands it out. */
export const UPLOADED_IMAGE_URL = /^\/api\/objects\/images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const LOGO_URL_MESSAGE = "Logo must be an image uploaded here";

// The shared field rules give null for blank; the brand stores "" (no nulls on the wire).
const blankAsEmpty = (v: string | null) => v ?? "";

/**
 * PUT /api/brand: the fields sent replace the stored ones, those not sent are kept (as a listing's
 * PUT does); anything else in the body is ignored.
 */
export const brandSchema = z
  .object({
    brokerageName: optionalText("Brokerage name").transform(blankAsEmpty),
    phone: optionalPhone.transform(blankAsEmpty),
    email: optionalEmail.transform(blankAsEmpty),
    website: optionalLink("Website").transform(blankAsEmpty),
    address: optionalText("Office address", BRAND_LIMITS.address).transform(blankAsEmpty),
    licenseNumber: optionalText("License number", BRAND_LIMITS.licenseNumber).transform(blankAsEmpty),
    logoUrl: optionalText("Logo", 200)
      .refine((v) => v === null || UPLOADED_IMAGE_URL.test(v), LOGO_URL_MESSAGE)
      .transform(blankAsEmpty),
    accentColor: z.string({ error: "Accent colour must be a colour like #RRGGBB" }).regex(HEX_COLOR, "Accent colour must be a colour like #RRGGBB"),
    // Blank means the default: a flyer never goes out without one.
    disclaimer: optionalText("Disclaimer", BRAND_LIMITS.disclaimer).transform((v) => v ?? DEFAULT_DISCLAIMER),
  })
  .partial();
export type BrandUpdate = z.infer<typeof brandSchema>;
