// What a backup says about itself, and what this app is, so a
// restore can tell an older backup (migrated forward) from a newer one (refused).
import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { migrationsDir, projectRoot } from "../../paths.js";
import { BackupFileError, type PartDigest } from "./archive.js";
import { signatureMatches, type BackupKey } from "./backup-key.js";

export const BACKUP_FORMAT = 1;

const migrationLevelSchema = z.object({
  /** Migrations applied. */
  level: z.number().int().min(0),
  /** drizzle's timestamp of the newest applied migration (its journal's `when`). */
  latestAt: z.number().int().min(0),
  latestTag: z.string().nullable(),
});
export type MigrationLevel = z.infer<typeof migrationLevelSchema>;

export const manifestSchema = z.object({
  app: z.literal("listing-desk"),
  format: z.literal(BACKUP_FORMAT),
  appVersion: z.string(),
  createdAt: z.string(),
  database: z.object({
    driver: z.enum(["pglite", "postgres"]),
    part: z.enum(["database.pgdata.tar", "database.pgdump"]),
    migrations: migrationLevelSchema,
    rows: z.record(z.string(), z.number().int().min(0)),
  }),
  images: z.object({
    storage: z.enum(["local", "s3"]),
    /** The bucket the images were read from (they are in the backup too; before it, none were). */
    bucket: z.string().optional(),
    count: z.number().int().min(0),
    bytes: z.number().int().min(0),
  }),
  parts: z.array(z.object({ name: z.string(), bytes: z.number().int().min(0), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
  /** Absent only in backups made before manifests were signed. */
  signature: z.object({ algorithm: z.literal("HMAC-SHA256"), keyId: z.string(), value: z.string().regex(/^[0-9a-f]{64}$/) }).optional(),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const appVersion = (): string =>
  (JSON.parse(fs.readFileSync(path.join(projectRoot, "package.json"), "utf8")) as { version: string }).version;

interface JournalEntry {
  when: number;
  tag: string;
}
const journal = (): JournalEntry[] =>
  (JSON.parse(fs.readFileSync(path.join(migrationsDir, "meta", "_journal.json"), "utf8")) as { entries: JournalEntry[] }).entries;

/** The migration level this app brings. */
export function appMigrationLevel(): MigrationLevel {
  const entries = journal();
  const last = entries.at(-1);
  return { level: entries.length, latestAt: last?.when ?? 0, latestTag: last?.tag ?? null };
}

/** A database's level from drizzle's own table: how many migrations, and the newest one's time. */
export function migrationLevelOf(applied: number, latestAt: number): MigrationLevel {
  return { level: applied, latestAt, latestTag: journal().find((e) => e.when === latestAt)?.tag ?? null };
}

/** Semantic versions compared by their numbers (pre-release labels are not used by this app). */
function compareVersions(a: string, b: string): number {
  const parts = (v: string) => v.split(/[.+-]/).slice(0, 3).map((n) => Number.parseInt(n, 10) || 0);
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
}

/**
 * The keys a manifest's signature is checked with, or "unverified": the operator restores a
 * backup whose signature cannot be checked (`npm run restore -- --unverified`), on their word.
 */
export type ManifestTrust = BackupKey[] | "unverified";

const WHICH_KEY =
  "Set BACKUP_KEY to the backup key of the workspace that made it (its BACKUP_KEY; if it had none, its SESSION_SECRET or the contents of its DATA_DIR/session-secret file) and restore again";

function checkSignature(file: string, raw: Record<string, unknown>, manifest: Manifest, trust: ManifestTrust): void {
  if (trust === "unverified") return;
  const { signature } = manifest;
  if (!signature) {
    throw new BackupFileError(
      `${file} is not signed: it was made before backups were signed, or its signature was taken out. If you made it and it has not left your hands, restore it with --unverified. Nothing was restored.`,
    );
  }
  const key = trust.find((k) => k.id === signature.keyId);
  if (!key) {
    const ours = trust.length === 0 ? "no backup key is set here" : `this machine has ${trust.map((k) => `key ${k.id} (from ${k.from})`).join(" and ")}`;
    throw new BackupFileError(`${file} was signed with backup key ${signature.keyId}, and ${ours}. ${WHICH_KEY}. Nothing was restored.`);
  }
  if (!signatureMatches(raw, signature, key)) {
    throw new BackupFileError(`${file} fails its signature: its manifest was changed after it was written, so its contents cannot be trusted. Nothing was restored.`);
  }
}

/**
 * Parses the manifest, checks every part read against it and the manifest's signature with
 * `trust`; throws a message a person can act on.
 */
export function checkManifest(file: string, raw: unknown, digests: PartDigest[], trust: ManifestTrust): Manifest {
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) throw new BackupFileError(`${file} is not a Listing Desk backup this app can read (its manifest is not one of ours). Nothing was restored.`);
  const manifest = parsed.data;
  const read = new Map(digests.map((d) => [d.name, d]));
  for (const part of manifest.parts) {
    const got = read.get(part.name);
    if (!got) throw new BackupFileError(`${file} is missing ${part.name}, which its manifest lists: it is incomplete. Nothing was restored.`);
    if (got.bytes !== part.bytes || got.sha256 !== part.sha256) {
      throw new BackupFileError(`${file} fails its checksum for ${part.name}: the file was damaged or changed after it was written. Nothing was restored.`);
    }
    read.delete(part.name);
  }
  if (read.size > 0) throw new BackupFileError(`${file} holds ${[...read.keys()][0]}, which its manifest does not list: it was tampered with. Nothing was restored.`);
  // After the checksums: damage is named as damage; a changed file with hashes to match is caught here.
  checkSignature(file, raw as Record<string, unknown>, manifest, trust);
  if (!manifest.parts.some((p) => p.name === manifest.database.part)) {
    throw new BackupFileError(`${file} has no database in it. Nothing was restored.`);
  }
  return manifest;
}

/** Refuses a backup made by a newer app: its database may hold what this app cannot read. */
export function assertNotNewer(manifest: Manifest): void {
  const app = appMigrationLevel();
  const version = appVersion();
  if (manifest.database.migrations.latestAt > app.latestAt || compareVersions(manifest.appVersion, version) > 0) {
    throw new BackupFileError(
      `This backup was made by a newer Listing Desk (version ${manifest.appVersion}, database level ${manifest.database.migrations.level}) ` +
        `than this one (version ${version}, level ${app.level}). Update this app to ${manifest.appVersion} or later, then restore again. Nothing was restored.`,
    );
  }
}
