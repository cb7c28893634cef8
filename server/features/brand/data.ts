import { eq, sql } from "drizzle-orm";
import type { Brand } from "../../../shared/brand.js";
import { brand } from "../../db/tables.js";
import type { Db, Tx } from "../../db/database.js";

const brandColumns = {
  brokerageName: brand.brokerageName,
  phone: brand.phone,
  email: brand.email,
  website: brand.website,
  address: brand.address,
  licenseNumber: brand.licenseNumber,
  logoUrl: brand.logoUrl,
  accentColor: brand.accentColor,
  disclaimer: brand.disclaimer,
};

export type StoredBrand = Brand & { version: number };

/** The brand row, or undefined before its first save; `lock` holds it for the transaction. */
export async function findBrand(db: Db | Tx, opts: { lock?: boolean } = {}): Promise<StoredBrand | undefined> {
  const query = db.select({ ...brandColumns, version: brand.version }).from(brand).where(eq(brand.id, 1));
  const [row] = await (opts.lock ? query.for("update") : query);
  return row;
}

/** Creates the row with the column defaults; a concurrent first save makes it only once. */
export async function insertDefaultBrand(db: Db | Tx): Promise<void> {
  await db.insert(brand).values({ id: 1 }).onConflictDoNothing({ target: brand.id });
}

export async function updateBrand(tx: Tx, values: Partial<Brand>, actorId: number): Promise<StoredBrand> {
  const [row] = await tx
    .update(brand)
    .set({ ...values, version: sql`${brand.version} + 1`, updatedAt: sql`now()`, updatedById: actorId })
    .where(eq(brand.id, 1))
    .returning({ ...brandColumns, version: brand.version });
  return row;
}
