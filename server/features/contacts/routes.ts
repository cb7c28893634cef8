import { Readable } from "node:stream";
import { Router } from "express";
import { z } from "zod";
import { CONTACTS_PAGE_MAX, contactCreateSchema, contactFilterSchema, contactListSchema, contactPatchSchema, contactSegmentSchema, membersSchema } from "../../../shared/contacts.js";
import type { Db } from "../../db/database.js";
import { currentUser, requireAdmin, requireUser } from "../../http/guards.js";
import { notFound } from "../../http/http-error.js";
import { ifMatchVersions } from "../../http/if-match.js";
import { parse } from "../../http/validate.js";
import * as contacts from "./service.js";
import { sendStream } from "../../http/send-stream.js";

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${CONTACTS_PAGE_MAX}`;
// One value or several (?tag=a&tag=b) of a filter field.
const many = z.union([z.string(), z.array(z.string())]).transform((v) => (Array.isArray(v) ? v : [v]).filter(Boolean));
const contactsQuery = z.object({
  q: z.string().trim().max(200, "Search at most 200 characters").optional(),
  tag: many.optional(),
  role: many.optional(),
  status: many.optional(),
  propertyType: many.optional(),
  state: many.optional(),
  listId: z.string().regex(/^\d{1,9}$/, "listId must be a list's id").transform(Number).optional(),
  cursor: z.string().max(40, "The cursor is not one this server gave out").optional(),
  limit: z
    .string()
    .regex(/^\d{1,3}$/, LIMIT_MESSAGE)
    .transform(Number)
    .refine((n) => n >= 1 && n <= CONTACTS_PAGE_MAX, LIMIT_MESSAGE)
    .optional(),
});

const idOf = (what: string) => (value: string) => {
  const id = Number(value);
  if (!Number.isSafeInteger(id) || id < 1 || id > 2_147_483_647) throw notFound(`${what} not found`);
  return id;
};
const contactId = idOf("Contact");
const listId = idOf("List");
const segmentId = idOf("Segment");

// Contacts are the team's, like leads: every member reads and edits them. Deleting one is for
// admins (docs/guides/contacts-and-campaigns.md).
export function contactsRoutes(db: Db): Router {
  const router = Router();

  // One page as a JSON array, the next page's address in a Link header (as GET /api/leads).
  router.get("/api/contacts", requireUser, async (req, res) => {
    const { cursor, limit, q, tag, role, status, propertyType, state, listId: list } = parse(contactsQuery, req.query);
    const filter = parse(contactFilterSchema, { q: q || undefined, tags: tag, roles: role, statuses: status, propertyTypes: propertyType, states: state });
    const page = await contacts.listContacts(db, { ...filter, listId: list }, { cursor, limit });
    if (page.nextCursor) {
      const next = new URLSearchParams(Object.entries(req.query).flatMap(([k, v]) => (k === "cursor" ? [] : (Array.isArray(v) ? v : [v]).map((x) => [k, String(x)]))));
      next.set("cursor", page.nextCursor);
      res.links({ next: `/api/contacts?${next}` });
    }
    res.json(page.contacts);
  });

  router.post("/api/contacts", requireUser, async (req, res) => {
    res.status(201).json(await contacts.createContact(db, parse(contactCreateSchema, req.body), currentUser(req).id));
  });

  // Before /api/contacts/:id. Streamed batch by batch; every cell formula-neutralised.
  router.get("/api/contacts/export.csv", requireUser, async (req, res) => {
    await contacts.recordContactsExport(db, currentUser(req).id);
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader("Content-Disposition", 'attachment; filename="contacts.csv"');
    res.setHeader("Cache-Control", "private, no-store");
    await sendStream(Readable.from(contacts.contactsCsvChunks(db)), res);
  });

  router.get("/api/contacts/:id", requireUser, async (req, res) => {
    const contact = await contacts.getContact(db, contactId(String(req.params.id)));
    res.set({ ETag: contacts.contactTag(contact), "Cache-Control": "no-store" }).json(contact);
  });

  router.patch("/api/contacts/:id", requireUser, async (req, res) => {
    const id = contactId(String(req.params.id));
    const contact = await contacts.patchContact(db, id, parse(contactPatchSchema, req.body), currentUser(req).id, ifMatchVersions(req, "lead", id));
    res.set("ETag", contacts.contactTag(contact)).json(contact);
  });

  router.delete("/api/contacts/:id", requireAdmin, async (req, res) => {
    await contacts.deleteContact(db, contactId(String(req.params.id)), currentUser(req).id);
    res.status(204).end();
  });

  router.get("/api/listings/:id/matching-contacts", requireUser, async (req, res) => {
    res.json(await contacts.matchingContacts(db, String(req.params.id), CONTACTS_PAGE_MAX));
  });

  // Lists.
  router.get("/api/contact-lists", requireUser, async (_req, res) => {
    res.json(await contacts.listLists(db));
  });
  router.post("/api/contact-lists", requireUser, async (req, res) => {
    res.status(201).json(await contacts.createList(db, parse(contactListSchema, req.body).name, currentUser(req).id));
  });
  router.get("/api/contact-lists/:id", requireUser, async (req, res) => {
    res.json(await contacts.getList(db, listId(String(req.params.id)), CONTACTS_PAGE_MAX));
  });
  router.patch("/api/contact-lists/:id", requireUser, async (req, res) => {
    res.json(await contacts.renameList(db, listId(String(req.params.id)), parse(contactListSchema, req.body).name, currentUser(req).id));
  });
  router.delete("/api/contact-lists/:id", requireUser, async (req, res) => {
    await contacts.deleteList(db, listId(String(req.params.id)), currentUser(req).id);
    res.status(204).end();
  });
  router.post("/api/contact-lists/:id/members", requireUser, async (req, res) => {
    res.json(await contacts.changeMembers(db, listId(String(req.params.id)), parse(membersSchema, req.body).contactIds, "add", currentUser(req).id));
  });
  router.delete("/api/contact-lists/:id/members", requireUser, async (req, res) => {
    res.json(await contacts.changeMembers(db, listId(String(req.params.id)), parse(membersSchema, req.body).contactIds, "remove", currentUser(req).id));
  });

  // Segments.
  router.get("/api/contact-segments", requireUser, async (_req, res) => {
    res.json(await contacts.listSegments(db));
  });
  router.post("/api/contact-segments", requireUser, async (req, res) => {
    const { name, filter } = parse(contactSegmentSchema, req.body);
    res.status(201).json(await contacts.createSegment(db, name, filter, currentUser(req).id));
  });
  router.delete("/api/contact-segments/:id", requireUser, async (req, res) => {
    await contacts.deleteSegment(db, segmentId(String(req.params.id)), currentUser(req).id);
    res.status(204).end();
  });
  router.get("/api/contact-segments/:id/contacts", requireUser, async (req, res) => {
    res.json(await contacts.segmentContacts(db, segmentId(String(req.params.id)), CONTACTS_PAGE_MAX));
  });

  return router;
}
