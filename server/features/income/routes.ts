import { Router, type Request, type RequestHandler } from "express";
import { operatingStatementSchema } from "../../../shared/operating-statement.js";
import { INCOME_IMPORT_KINDS, incomeImportRequestSchema } from "../../../shared/income-import.js";
import { insertTenantSchema, patchTenantSchema } from "../../../shared/rent-roll.js";
import { insertSpaceSchema, patchSpaceSchema } from "../../../shared/spaces.js";
import type { Db } from "../../db/database.js";
import { currentUser, requireUser } from "../../http/guards.js";
import { notFound } from "../../http/http-error.js";
import { idParam } from "../../http/id-param.js";
import { dbRateLimit } from "../../http/rate-limit.js";
import { parse } from "../../http/validate.js";
import {
  addSpace,
  addTenant,
  commitIncomeImport,
  listSpaces,
  operatingStatementOf,
  patchSpace,
  patchTenant,
  previewIncomeImport,
  removeSpace,
  removeTenant,
  rentRollOf,
  saveOperatingStatement,
  undoIncomeImport,
  type ReadSpreadsheet,
} from "./service.js";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// Listing ids are uuids: anything else names no listing.
const listingId: RequestHandler = (req, _res, next) => next(UUID.test(String(req.params.id)) ? undefined : notFound("Listing not found"));
const idOf = (req: Request) => String(req.params.id);

// Every teammate manages every listing's spaces, rent roll and statement, as they edit its facts
// (the listings' own access rows).
/** `readSpreadsheet` is the import wizard's file reader, which the rent roll import reads with. */
export function incomeRoutes(db: Db, readSpreadsheet: ReadSpreadsheet): Router {
  const router = Router();
  const guarded = [requireUser, listingId];

  router.get("/api/listings/:id/spaces", ...guarded, async (req, res) => {
    res.set("Cache-Control", "no-store").json(await listSpaces(db, idOf(req)));
  });
  router.post("/api/listings/:id/spaces", ...guarded, async (req, res) => {
    res.status(201).json(await addSpace(db, idOf(req), parse(insertSpaceSchema, req.body), currentUser(req).id));
  });
  router.patch("/api/listings/:id/spaces/:spaceId", ...guarded, async (req, res) => {
    const spaceId = idParam(req.params.spaceId, "Space");
    res.json(await patchSpace(db, idOf(req), spaceId, parse(patchSpaceSchema, req.body), currentUser(req).id));
  });
  router.delete("/api/listings/:id/spaces/:spaceId", ...guarded, async (req, res) => {
    await removeSpace(db, idOf(req), idParam(req.params.spaceId, "Space"), currentUser(req).id);
    res.status(204).end();
  });

  router.get("/api/listings/:id/rent-roll", ...guarded, async (req, res) => {
    res.set("Cache-Control", "no-store").json(await rentRollOf(db, idOf(req)));
  });
  router.post("/api/listings/:id/rent-roll", ...guarded, async (req, res) => {
    res.status(201).json(await addTenant(db, idOf(req), parse(insertTenantSchema, req.body), currentUser(req).id));
  });
  router.patch("/api/listings/:id/rent-roll/:tenantId", ...guarded, async (req, res) => {
    const tenantId = idParam(req.params.tenantId, "Tenant");
    res.json(await patchTenant(db, idOf(req), tenantId, parse(patchTenantSchema, req.body), currentUser(req).id));
  });
  router.delete("/api/listings/:id/rent-roll/:tenantId", ...guarded, async (req, res) => {
    await removeTenant(db, idOf(req), idParam(req.params.tenantId, "Tenant"), currentUser(req).id);
    res.status(204).end();
  });

  // Reading a file is costly (a worker per file): counted per person, as the wizard's previews are.
  const importLimit = dbRateLimit(db, {
    name: "income-import",
    limit: 60,
    windowMs: 60 * 60 * 1000,
    message: "Too many rent roll and spaces imports in the last hour. Please wait a few minutes and try again.",
    key: (req) => `user:${req.user?.id ?? "anonymous"}`,
  });
  // Who edits a listing's rent roll or spaces imports them, and undoes an import of them.
  for (const kind of INCOME_IMPORT_KINDS) {
    router.post(`/api/listings/:id/${kind}/import/preview`, ...guarded, importLimit, async (req, res) => {
      res.json(await previewIncomeImport(db, readSpreadsheet, kind, idOf(req), parse(incomeImportRequestSchema, req.body), currentUser(req).id));
    });
    router.post(`/api/listings/:id/${kind}/import`, ...guarded, importLimit, async (req, res) => {
      res.status(201).json(await commitIncomeImport(db, readSpreadsheet, kind, idOf(req), parse(incomeImportRequestSchema, req.body), currentUser(req).id));
    });
    router.post(`/api/listings/:id/${kind}/imports/:importId/undo`, ...guarded, async (req, res) => {
      res.json(await undoIncomeImport(db, kind, idOf(req), idParam(req.params.importId, "Import"), currentUser(req).id));
    });
  }

  router.get("/api/listings/:id/operating-statement", ...guarded, async (req, res) => {
    res.set("Cache-Control", "no-store").json(await operatingStatementOf(db, idOf(req)));
  });
  router.put("/api/listings/:id/operating-statement", ...guarded, async (req, res) => {
    res.json(await saveOperatingStatement(db, idOf(req), parse(operatingStatementSchema, req.body), currentUser(req).id));
  });

  return router;
}
