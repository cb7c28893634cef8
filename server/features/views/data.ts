import { and, asc, eq, ne, or, sql } from "drizzle-orm";
import type { SavedViewDto, ViewScope } from "../../../shared/saved-views.js";
import { savedViewDefaults, savedViews } from "../../db/tables.js";
import type { Db, Tx } from "../../db/database.js";

export type StoredView = Omit<SavedViewDto, "isDefault">;

const viewColumns = {
  id: savedViews.id,
  name: savedViews.name,
  query: savedViews.query,
  scope: sql<ViewScope>`${savedViews.scope}`,
  locked: savedViews.locked,
  ownerId: savedViews.ownerId,
};

/** The person's personal views and every team view, team first, each by name. */
export async function listViewsFor(db: Db, userId: number): Promise<SavedViewDto[]> {
  return db
    .select({ ...viewColumns, isDefault: sql<boolean>`${savedViewDefaults.viewId} is not null` })
    .from(savedViews)
    .leftJoin(savedViewDefaults, and(eq(savedViewDefaults.viewId, savedViews.id), eq(savedViewDefaults.userId, userId)))
    .where(or(eq(savedViews.scope, "team"), eq(savedViews.ownerId, userId)))
    .orderBy(sql`${savedViews.scope} = 'personal'`, asc(sql`lower(${savedViews.name})`), asc(savedViews.id));
}

/** The view, locked against a concurrent change until the transaction ends. */
export async function findViewForUpdate(tx: Tx, id: number): Promise<StoredView | undefined> {
  const [row] = await tx.select(viewColumns).from(savedViews).where(eq(savedViews.id, id)).for("update");
  return row;
}

/** Whether another view of the same scope (and, for personal views, owner) has this name, ignoring case. */
export async function nameTaken(db: Db | Tx, view: { name: string; scope: ViewScope; ownerId: number; exceptId?: number }): Promise<boolean> {
  const [row] = await db
    .select({ id: savedViews.id })
    .from(savedViews)
    .where(
      and(
        eq(savedViews.scope, view.scope),
        sql`lower(${savedViews.name}) = lower(${view.name})`,
        view.scope === "personal" ? eq(savedViews.ownerId, view.ownerId) : undefined,
        view.exceptId === undefined ? undefined : ne(savedViews.id, view.exceptId),
      ),
    );
  return Boolean(row);
}

export async function insertView(tx: Tx, values: { name: string; query: string; scope: ViewScope; ownerId: number }): Promise<StoredView> {
  const [row] = await tx.insert(savedViews).values(values).returning(viewColumns);
  return row;
}

export async function updateView(tx: Tx, id: number, patch: { name?: string; query?: string; locked?: boolean }): Promise<StoredView> {
  const [row] = await tx
    .update(savedViews)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(savedViews.id, id))
    .returning(viewColumns);
  return row;
}

export async function deleteView(tx: Tx, id: number): Promise<void> {
  await tx.delete(savedViews).where(eq(savedViews.id, id));
}

/** The person's default view id, if any. */
export async function defaultViewOf(db: Db | Tx, userId: number): Promise<number | null> {
  const [row] = await db.select({ viewId: savedViewDefaults.viewId }).from(savedViewDefaults).where(eq(savedViewDefaults.userId, userId));
  return row?.viewId ?? null;
}

export async function setDefaultView(tx: Tx, userId: number, viewId: number): Promise<void> {
  await tx
    .insert(savedViewDefaults)
    .values({ userId, viewId })
    .onConflictDoUpdate({ target: savedViewDefaults.userId, set: { viewId } });
}

export async function clearDefaultView(tx: Tx, userId: number): Promise<void> {
  await tx.delete(savedViewDefaults).where(eq(savedViewDefaults.userId, userId));
}
