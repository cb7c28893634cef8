import { Router } from "express";
import { z } from "zod";
import { LIMITS } from "../../../shared/schema.js";
import { currentUser, requireUser } from "../../http/guards.js";
import type { Db } from "../../db/database.js";
import { dbRateLimit } from "../../http/rate-limit.js";
import { parse } from "../../http/validate.js";
import { recordFlyerImage } from "../audit/service.js";
import { imageFromFlyer, type FlyerDeps } from "./service.js";

const ENTER_URL = "Please enter a flyer URL first";

const extractSchema = z.object({
  flyerUrl: z
    .string({ error: ENTER_URL })
    .trim()
    .min(1, ENTER_URL)
    .max(LIMITS.url, `The flyer URL must be at most ${LIMITS.url} characters`)
    .refine((v) => URL.canParse(v), "Enter a full web address, like https://example.com/flyer.pdf"),
});

export function flyerLinkRoutes({ db, ...deps }: FlyerDeps & { db: Db }): Router {
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
    const actorId = currentUser(req).id;
    const extracted = await imageFromFlyer(deps, actorId, flyerUrl);
    // Remembered so a listing created with this image reads "created from a flyer".
    // Written before the reply: an image the client holds always has its entry.
    await recordFlyerImage(db, { actorId, flyerUrl, imageUrl: extracted.imageUrl });
    res.json(extracted);
  });

  return router;
}
