// Confidentiality agreement templates: an edit adds a version and never changes one, so every
// signature stays bound to the text it signed (docs/guides/deal-room.md).
import type { CaTemplate, CaTemplateInput } from "../../../shared/deal-room.js";
import type { Db, Tx } from "../../db/database.js";
import { badRequest, notFound } from "../../http/http-error.js";
import { recordAuditEvent } from "../audit/service.js";
import * as data from "./data.js";
import { sha256Hex } from "./tokens.js";

export const TEMPLATE_NOT_FOUND = "Agreement template not found";

export async function listTemplates(db: Db): Promise<CaTemplate[]> {
  const templates = await data.findTemplates(db);
  const versions = await data.findVersions(
    db,
    templates.map((t) => t.id),
  );
  return templates.flatMap((t) => {
    const own = versions.filter((v) => v.templateId === t.id);
    const latest = own[0];
    if (!latest) return [];
    return [
      {
        id: t.id,
        name: t.name,
        version: latest.version,
        body: latest.body,
        sha256: latest.sha256,
        updatedAt: latest.createdAt.toISOString(),
        versions: own.map((v) => ({ version: v.version, createdAt: v.createdAt.toISOString(), sha256: v.sha256 })),
      },
    ];
  });
}

async function templateOf(db: Db, id: number): Promise<CaTemplate> {
  const found = (await listTemplates(db)).find((t) => t.id === id);
  if (!found) throw notFound(TEMPLATE_NOT_FOUND);
  return found;
}

export async function createTemplate(db: Db, input: CaTemplateInput, actorId: number): Promise<CaTemplate> {
  const id = await db.transaction(async (tx) => {
    const templateId = await data.insertTemplate(tx, input.name, actorId);
    const sha256 = sha256Hex(input.body);
    await data.insertVersion(tx, { templateId, version: 1, body: input.body, sha256, createdBy: actorId });
    await recordAuditEvent(tx, { kind: "room.ca-template-versioned", actorId, data: { templateId, name: input.name, version: 1, sha256 } });
    return templateId;
  });
  return templateOf(db, id);
}

/** A new version (or only a new name, when the text is unchanged); the old versions stay as they were. */
export async function updateTemplate(db: Db, id: number, input: CaTemplateInput, actorId: number): Promise<CaTemplate> {
  await db.transaction(async (tx) => {
    // Locked, so two edits at once make versions n+1 and n+2, never two n+1.
    const template = await data.findTemplate(tx, id, { lock: true });
    if (!template) throw notFound(TEMPLATE_NOT_FOUND);
    const latest = await data.findLatestVersion(tx, id);
    const sha256 = sha256Hex(input.body);
    if (template.name !== input.name) await data.renameTemplate(tx, id, input.name);
    if (latest && latest.sha256 === sha256) {
      if (template.name === input.name) return;
      await recordAuditEvent(tx, { kind: "room.ca-template-versioned", actorId, data: { templateId: id, name: input.name, version: latest.version, renamed: [template.name, input.name] } });
      return;
    }
    const version = (latest?.version ?? 0) + 1;
    await data.insertVersion(tx, { templateId: id, version, body: input.body, sha256, createdBy: actorId });
    await recordAuditEvent(tx, { kind: "room.ca-template-versioned", actorId, data: { templateId: id, name: input.name, version, sha256 } });
  });
  return templateOf(db, id);
}

/** The template a room uses (its own choice, else the default) at its current version. */
export async function currentAgreement(db: Db | Tx, templateId: number | null) {
  const id = templateId ?? (await data.findDefaultTemplateId(db));
  if (id === undefined) throw badRequest("There is no confidentiality agreement to sign yet: an admin adds one in Settings");
  const latest = await data.findLatestVersion(db, id);
  if (!latest) throw badRequest("There is no confidentiality agreement to sign yet: an admin adds one in Settings");
  return latest;
}

export async function assertTemplateExists(db: Db | Tx, id: number): Promise<void> {
  if (!(await data.findTemplate(db, id))) throw badRequest(TEMPLATE_NOT_FOUND, { caTemplateId: TEMPLATE_NOT_FOUND });
}

