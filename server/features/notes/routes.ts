import { Router, type Request } from "express";
import { noteContentSchema } from "../../../shared/schema.js";
import type { Db } from "../../db/database.js";
import { currentUser, requireUser } from "../../http/guards.js";
import { idParam } from "../../http/id-param.js";
import { ifMatchVersions } from "../../http/if-match.js";
import { parse } from "../../http/validate.js";
import { addNote, editNote, notesOf, noteTag, removeNote, type OnMentioned } from "./service.js";

export interface NotesOptions {
  /** Built per request (the mails link back to where the app was reached); absent without mail. */
  mentionHook?: (req: Request) => OnMentioned;
}

export function notesRoutes(db: Db, opts: NotesOptions = {}): Router {
  const router = Router();

  router.get("/api/listings/:id/notes", requireUser, async (req, res) => {
    res.json(await notesOf(db, String(req.params.id)));
  });

  router.post("/api/listings/:id/notes", requireUser, async (req, res) => {
    const { content } = parse(noteContentSchema, req.body);
    res.status(201).json(await addNote(db, currentUser(req), String(req.params.id), content, opts.mentionHook?.(req)));
  });

  router.patch("/api/notes/:noteId", requireUser, async (req, res) => {
    const noteId = idParam(req.params.noteId, "Note");
    const { content } = parse(noteContentSchema, req.body);
    const note = await editNote(db, currentUser(req), noteId, content, ifMatchVersions(req, "note", noteId), opts.mentionHook?.(req));
    res.set("ETag", noteTag(note)).json(note);
  });

  router.delete("/api/notes/:noteId", requireUser, async (req, res) => {
    await removeNote(db, currentUser(req), idParam(req.params.noteId, "Note"));
    res.status(204).end();
  });

  return router;
}
