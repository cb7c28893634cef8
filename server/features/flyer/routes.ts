import { Router } from "express";
import { z } from "zod";
import { LIMITS } from "../../../shared/schema.js";
import { currentUser, requireUser } from "../../http/guards.js";
import type { Db } from "../../db/database.js";
import { HttpError } from "../../http/http-error.js";
import { dbRateLimit } from "../../http/rate-limit.js";
import { parse } from "../../http/validate.js";
import { extractFlyerImage, type ExtractOptions } from "../../integrations/flyer/extract-flyer-image.js";
import { FlyerImageError } from "../../integrations/flyer/flyer-image-error.js";
import { SafeFetchError } from "../../integrations/flyer/safe-fetch.js";

const ENTER_URL = "Please enter a flyer URL first";

const extractSchema = z.object({
  flyerUrl: z
    .string({ error: ENTER_URL })
    .trim()
    .min(1, ENTER_URL)
    .max(LIMITS.url, `The flyer URL must be at most ${LIMITS.url} characters`)
    .refine((v) => URL.canParse(v), "Enter a full web address, like https://example.com/flyer.pdf"),
});

// The link's fault, not ours, so all 4xx: the message says what went wrong.
const STATUS: Record<SafeFetchError["code"] | FlyerImageError["code"], number> = {
  NOT_ALLOWED: 400,
  TOO_LARGE: 413,
  UNSUPPORTED_IMAGE: 415,
  UNREACHABLE: 422,
  HTTP_STATUS: 422,
  TOO_MANY_REDIRECTS: 422,
  TIMEOUT: 422,
  NO_IMAGE: 422,
  TOO_MANY_PIXELS: 413,
  TOO_COMPLEX: 422,
};

function toHttpError(err: unknown): never {
  if (err instanceof SafeFetchError || err instanceof FlyerImageError) throw new HttpError(STATUS[err.code], err.message);
  throw err;
}

export interface FlyerDeps {
  db: Db;
  /** Stores checked image bytes for a user and returns the image's URL (the images feature). */
  saveImage(userId: number, bytes: Buffer): Promise<string>;
  fetchOptions: ExtractOptions;
}

export function flyerRoutes({ db, saveImage, fetchOptions }: FlyerDeps): Router {
  const router = Router();
  // Each extraction makes the server fetch up to four remote files.
  const extractionLimit = dbRateLimit(db, {
    name: "flyer-extraction",
    windowMs: 15 * 60 * 1000,
    limit: 60,
    key: (req) => String(currentUser(req).id),
    message: "Too many image extractions. Please wait a few minutes and try again.",
  });

  router.post("/api/looplink/extract-image", requireUser, extractionLimit, async (req, res) => {
    const { flyerUrl } = parse(extractSchema, req.body);
    const bytes = await extractFlyerImage(flyerUrl, fetchOptions).catch(toHttpError);
    res.json({ imageUrl: await saveImage(currentUser(req).id, bytes) });
  });

  return router;
}
