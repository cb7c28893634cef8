import { Router, type ErrorRequestHandler, type Request, type RequestHandler } from "express";
import { addDocumentSchema, addVersionSchema, documentUploadSchema, patchDocumentSchema } from "../../../shared/documents.js";
import { currentUser, requireUser } from "../../http/guards.js";
import { notFound } from "../../http/http-error.js";
import { idParam } from "../../http/id-param.js";
import { parse } from "../../http/validate.js";
import { isDocumentKey, type DocumentService } from "./service.js";
import { sendStream } from "../../http/send-stream.js";

const UPLOAD_PATH = "/api/documents/files/:key";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// Listing ids are uuids: anything else names no listing.
const listingId: RequestHandler = (req, _res, next) => next(UUID.test(String(req.params.id)) ? undefined : notFound("Listing not found"));
const idOf = (req: Request) => String(req.params.id);
const docIdOf = (req: Request) => idParam(req.params.docId, "Document");

// An upload refused before its body was read: close the connection rather than read (and throw
// away) up to 100 MB the client still sends.
const closeUnreadUpload: ErrorRequestHandler = (err, req, res, next) => {
  if (req.method === "PUT" && !req.complete) res.setHeader("Connection", "close");
  next(err);
};

/** A file name safe in a Content-Disposition header, with the full name for browsers that read filename*. */
const disposition = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]|["\\]/g, "_")}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

// Every signed-in teammate manages every listing's deal room, as with photos and notes: the team
// shares listings. Buyers reach documents only through the room's own links, never these.
export function documentsRoutes(documents: DocumentService): Router {
  const router = Router();
  const guarded = [requireUser, listingId];

  router.post("/api/documents/upload", requireUser, async (req, res) => {
    res.json(await documents.issueUpload(currentUser(req).id, parse(documentUploadSchema, req.body)));
  });

  // The browser sends the file itself as the body (server/http/json-body.ts lets it through).
  router.put(UPLOAD_PATH, requireUser, async (req, res) => {
    const key = String(req.params.key);
    if (!isDocumentKey(key)) throw notFound("Upload not found");
    const declared = req.get("content-length");
    res.json(
      await documents.receiveUpload(key, req.query, req, {
        userId: currentUser(req).id,
        declaredLength: declared === undefined ? undefined : Number(declared),
      }),
    );
  });
  router.use(UPLOAD_PATH, closeUnreadUpload);

  router.get("/api/listings/:id/documents", ...guarded, async (req, res) => {
    res.set("Cache-Control", "no-store").json(await documents.listDocuments(idOf(req)));
  });

  router.post("/api/listings/:id/documents", ...guarded, async (req, res) => {
    const input = parse(addDocumentSchema, req.body);
    res.status(201).json(await documents.addDocument(currentUser(req).id, idOf(req), input));
  });

  router.patch("/api/listings/:id/documents/:docId", ...guarded, async (req, res) => {
    const docId = docIdOf(req);
    res.json(await documents.patchDocument(currentUser(req).id, idOf(req), docId, parse(patchDocumentSchema, req.body)));
  });

  router.delete("/api/listings/:id/documents/:docId", ...guarded, async (req, res) => {
    await documents.removeDocument(currentUser(req).id, idOf(req), docIdOf(req));
    res.status(204).end();
  });

  router.get("/api/listings/:id/documents/:docId/versions", ...guarded, async (req, res) => {
    res.set("Cache-Control", "no-store").json(await documents.versionsOf(idOf(req), docIdOf(req)));
  });

  router.post("/api/listings/:id/documents/:docId/versions", ...guarded, async (req, res) => {
    const docId = docIdOf(req);
    const { url } = parse(addVersionSchema, req.body);
    res.status(201).json(await documents.addVersion(currentUser(req).id, idOf(req), docId, url));
  });

  // Any version, the old ones included, for members only; always a download, never shown inline.
  router.get("/api/listings/:id/documents/:docId/versions/:n/file", ...guarded, async (req, res) => {
    const file = await documents.versionFile(idOf(req), docIdOf(req), idParam(req.params.n, "Version"));
    const body = await documents.read(file.name);
    if (!body) throw notFound("That document's file is missing");
    res.set({
      "Cache-Control": "private, no-store",
      "Content-Type": file.contentType,
      "Content-Length": String(file.size),
      "Content-Disposition": disposition(file.fileName),
      "X-Content-Type-Options": "nosniff",
      ETag: file.etag,
    });
    await sendStream(body, res);
  });

  return router;
}
