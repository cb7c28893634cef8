import { Router, type ErrorRequestHandler, type Request, type Response } from "express";
import { currentUser, requireUser } from "../../http/guards.js";
import { notModified } from "../../http/conditional.js";
import { badRequest, notFound } from "../../http/http-error.js";
import { isImageKey } from "../../integrations/storage/image-urls.js";
import { THUMBNAIL_WIDTHS, type ImageService, type ServableImage } from "./service.js";
import { sendStream } from "../../http/send-stream.js";

const IMAGE_PATH = "/api/objects/images/:key";
// Keys are random and an image never changes under its key, so browsers may keep it for good.
const CACHE_FOREVER = "private, max-age=31536000, immutable";

function imageKey(req: Request): string {
  const key = String(req.params.key);
  if (!isImageKey(key)) throw notFound("Image not found");
  return key;
}

function requestedWidth(req: Request): number | undefined {
  const { w } = req.query;
  if (w === undefined) return undefined;
  const width = THUMBNAIL_WIDTHS.find((allowed) => w === String(allowed));
  if (width === undefined) throw badRequest(`Images are available at their own size or w=${THUMBNAIL_WIDTHS.join(" or w=")}`);
  return width;
}

// An upload refused before its body was read: close the connection rather than read (and throw
// away) whatever else the client still sends.
const closeUnreadUpload: ErrorRequestHandler = (err, req, res, next) => {
  if (req.method === "PUT" && !req.complete) res.setHeader("Connection", "close");
  next(err);
};

async function sendImage(req: Request, res: Response, images: ImageService, image: ServableImage) {
  res.setHeader("Cache-Control", CACHE_FOREVER);
  res.setHeader("ETag", image.etag);
  res.setHeader("X-Content-Type-Options", "nosniff");
  if (notModified(req.headers, image.etag)) {
    res.status(304).end();
    return;
  }
  res.setHeader("Content-Type", image.contentType);
  res.setHeader("Content-Length", String(image.size));
  res.setHeader("Content-Disposition", "inline");
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  const body = await images.read(image.name);
  if (!body) throw notFound("Image not found");
  await sendStream(body, res);
}

export function imagesRoutes(images: ImageService): Router {
  const router = Router();

  router.post("/api/objects/upload", requireUser, async (req, res) => {
    res.json(await images.issueUpload(currentUser(req).id));
  });

  // The browser sends the file itself as the body (see server/http/json-body.ts).
  router.put(IMAGE_PATH, requireUser, async (req, res) => {
    const declared = req.get("content-length");
    const imageUrl = await images.receiveUpload(imageKey(req), req.query, req, {
      userId: currentUser(req).id,
      declaredLength: declared === undefined ? undefined : Number(declared),
    });
    res.json({ imageUrl });
  });
  router.use(IMAGE_PATH, closeUnreadUpload);

  // Any signed-in teammate may see any listing's image; nobody else may.
  router.get(IMAGE_PATH, requireUser, async (req, res) => {
    const image = await images.servable(imageKey(req), requestedWidth(req));
    await sendImage(req, res, images, image);
  });

  return router;
}
