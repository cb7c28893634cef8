// Saved views' rules: a personal
// view is its owner's alone; a team view any member may change until an admin locks it; only
// admins lock, unlock and change locked views. Being someone's default is that person's own
// choice, so it is open to anyone who can see the view, locked or not.
import type { PublicUser } from "../../../shared/schema.js";
import type { SavedViewDto, ViewPatch, ViewScope } from "../../../shared/saved-views.js";
import type { Db, Tx } from "../../db/database.js";
import { badRequest, forbidden, notFound } from "../../http/http-error.js";
import { fieldChanges, recordAuditEvent } from "../audit/service.js";
import * as data from "./data.js";

const VIEW_NOT_FOUND = "View not found";

export const listViews = (db: Db, user: PublicUser): Promise<SavedViewDto[]> => data.listViewsFor(db, user.id);

async function refuseTakenName(tx: Tx, view: { name: string; scope: ViewScope; ownerId: number; exceptId?: number }) {
  if (await data.nameTaken(tx, view)) {
    const whose = view.scope === "team" ? "The team already has" : "You already have";
    throw badRequest(`${whose} a view named "${view.name}"`, { name: "Choose another name" });
  }
}

/** The view, if `user` may see it; a personal view of someone else is refused, not hidden. */
async function viewFor(tx: Tx, user: PublicUser, id: number): Promise<data.StoredView> {
  const view = await data.findViewForUpdate(tx, id);
  if (!view) throw notFound(VIEW_NOT_FOUND);
  if (view.scope === "personal" && view.ownerId !== user.id) throw forbidden("That view is another member's personal view");
  return view;
}

function refuseLockedChange(user: PublicUser, view: data.StoredView) {
  if (view.locked && !user.isAdmin) throw forbidden("This view is locked: only admins change it. Save a personal copy instead.");
}

// Two saves of one name at the same moment both pass refuseTakenName; the partial unique indexes
// refuse the second, which gets the same answer instead of a 500.
const isUniqueViolation = (err: unknown) =>
  (err as { code?: string })?.code === "23505" || (err as { cause?: { code?: string } })?.cause?.code === "23505";
async function nameGuarded<T>(name: string | undefined, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (name !== undefined && isUniqueViolation(err)) throw badRequest(`A view named "${name}" already exists`, { name: "Choose another name" });
    throw err;
  }
}

export async function saveView(db: Db, user: PublicUser, input: { name: string; query: string; scope: ViewScope }): Promise<SavedViewDto> {
  return nameGuarded(input.name, () => db.transaction(async (tx) => {
    await refuseTakenName(tx, { ...input, ownerId: user.id });
    const view = await data.insertView(tx, { ...input, ownerId: user.id });
    await recordAuditEvent(tx, { kind: "view.created", actorId: user.id, data: { viewId: view.id, name: view.name, scope: view.scope, query: view.query } });
    return { ...view, isDefault: false };
  }));
}

export async function editView(db: Db, user: PublicUser, id: number, patch: ViewPatch): Promise<SavedViewDto> {
  const { isDefault, ...fields } = patch;
  if (isDefault === undefined && Object.values(fields).every((v) => v === undefined)) {
    throw badRequest("Send a name, query, locked or isDefault to change");
  }
  return nameGuarded(fields.name, () => db.transaction(async (tx) => {
    const before = await viewFor(tx, user, id);
    if (fields.locked !== undefined) {
      if (!user.isAdmin) throw forbidden("Only admins can lock or unlock a view");
      if (before.scope === "personal") throw badRequest("Only team views can be locked", { locked: "Only team views can be locked" });
    }
    if (fields.name !== undefined || fields.query !== undefined) refuseLockedChange(user, before);
    if (fields.name !== undefined) await refuseTakenName(tx, { name: fields.name, scope: before.scope, ownerId: before.ownerId, exceptId: id });
    const changes = fieldChanges(before, fields);
    const view = Object.keys(changes).length > 0 ? await data.updateView(tx, id, fields) : before;
    const wasDefault = (await data.defaultViewOf(tx, user.id)) === id;
    if (isDefault !== undefined && isDefault !== wasDefault) {
      if (isDefault) await data.setDefaultView(tx, user.id, id);
      else await data.clearDefaultView(tx, user.id);
      changes.isDefault = [wasDefault, isDefault];
    }
    if (Object.keys(changes).length > 0) {
      await recordAuditEvent(tx, { kind: "view.edited", actorId: user.id, data: { viewId: id, name: view.name, changes } });
    }
    return { ...view, isDefault: isDefault ?? wasDefault };
  }));
}

export async function removeView(db: Db, user: PublicUser, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const view = await viewFor(tx, user, id);
    refuseLockedChange(user, view);
    await data.deleteView(tx, id);
    await recordAuditEvent(tx, { kind: "view.deleted", actorId: user.id, data: { viewId: id, name: view.name, scope: view.scope, query: view.query } });
  });
}
