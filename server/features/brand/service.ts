// The brokerage's brand: read by everyone and by every
// outside-facing piece (the flyer, posts), saved by admins, each change in the audit log.
import { DEFAULT_BRAND, LOGO_URL_MESSAGE, type Brand, type BrandUpdate } from "../../../shared/brand.js";
import type { Db } from "../../db/database.js";
import { badRequest } from "../../http/http-error.js";
import { fieldChanges, recordAuditEvent } from "../audit/service.js";
import { findBrand, insertDefaultBrand, updateBrand, type StoredBrand } from "./data.js";

export type { StoredBrand };

/** The brand with its version (0 before the first save): what a flyer's cache key is made of. */
export async function getVersionedBrand(db: Db): Promise<StoredBrand> {
  return (await findBrand(db)) ?? { ...DEFAULT_BRAND, version: 0 };
}

/** The brand as GET /api/brand answers it; the defaults until an admin first saves it. */
export async function getBrand(db: Db): Promise<Brand> {
  const { version: _version, ...current } = await getVersionedBrand(db);
  return current;
}

export interface SaveBrandDeps {
  /** Whether a logo address is an image this app's upload flow took (the images feature). */
  isUploadedImage: (url: string) => Promise<boolean>;
}

/** Saves the fields given; one audit entry with what changed, none when nothing did. */
export async function saveBrand(db: Db, actorId: number, update: BrandUpdate, deps: SaveBrandDeps): Promise<Brand> {
  if (update.logoUrl && !(await deps.isUploadedImage(update.logoUrl))) throw badRequest(LOGO_URL_MESSAGE, { logoUrl: LOGO_URL_MESSAGE });
  return db.transaction(async (tx) => {
    await insertDefaultBrand(tx);
    const { version: _before, ...before } = (await findBrand(tx, { lock: true }))!;
    const changes = fieldChanges(before, update);
    if (Object.keys(changes).length === 0) return before;
    const { version: _after, ...saved } = await updateBrand(tx, update, actorId);
    await recordAuditEvent(tx, { kind: "brand.changed", actorId, data: { changes } });
    return saved;
  });
}
