// The key that signs backup manifests: kept outside
// the archive, so whoever can change a backup file cannot make it pass for one of ours. It is
// BACKUP_KEY when set, else the session secret (SESSION_SECRET, or the one generated into
// DATA_DIR/session-secret); either way the signing key is derived from that value, so setting
// BACKUP_KEY to an old workspace's session secret checks that workspace's backups.
import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export interface BackupKey {
  /** Names the key without giving it away (a hash of it), so a refusal can say "another key". */
  id: string;
  /** Where it came from, for messages: BACKUP_KEY, SESSION_SECRET or the session-secret file. */
  from: string;
  key: Buffer;
}

export function backupKey(secret: string, from: string): BackupKey {
  const key = createHmac("sha256", secret).update("backup-manifest/v1").digest();
  return { id: createHash("sha256").update(key).update("backup-key-id").digest("hex").slice(0, 12), from, key };
}

/** The key new backups are signed with: BACKUP_KEY, else the session secret the server runs with. */
export function signingKey(backupKeyValue: string | undefined, sessionSecret: string): BackupKey {
  return backupKeyValue ? backupKey(backupKeyValue, "BACKUP_KEY") : backupKey(sessionSecret, "the session secret");
}

const SESSION_SECRET_FILE = "session-secret";

/**
 * The keys a restore may check a backup with, without creating anything: BACKUP_KEY,
 * SESSION_SECRET, and the session-secret file of the data folder restored into, when there is one.
 */
export function restoreKeys(env: { BACKUP_KEY?: string; SESSION_SECRET?: string; DATA_DIR: string }): BackupKey[] {
  const keys: BackupKey[] = [];
  if (env.BACKUP_KEY) keys.push(backupKey(env.BACKUP_KEY, "BACKUP_KEY"));
  if (env.SESSION_SECRET) keys.push(backupKey(env.SESSION_SECRET, "SESSION_SECRET"));
  else {
    const file = path.join(env.DATA_DIR, SESSION_SECRET_FILE);
    const secret = fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim() : "";
    if (secret) keys.push(backupKey(secret, file));
  }
  return keys;
}

export interface ManifestSignature {
  algorithm: "HMAC-SHA256";
  keyId: string;
  value: string;
}

const mac = (body: unknown, key: BackupKey) => createHmac("sha256", key.key).update(JSON.stringify(body)).digest("hex");

/** The manifest with its signature: an HMAC of the manifest's JSON without the signature. */
export function signManifest<T extends object>(body: T, key: BackupKey): T & { signature: ManifestSignature } {
  return { ...body, signature: { algorithm: "HMAC-SHA256", keyId: key.id, value: mac(body, key) } };
}

/** Whether `raw` (the manifest as read) carries a signature `key` made of exactly this content. */
export function signatureMatches(raw: Record<string, unknown>, signature: ManifestSignature, key: BackupKey): boolean {
  const { signature: _ignored, ...body } = raw;
  const expected = Buffer.from(mac(body, key), "hex");
  const got = Buffer.from(signature.value, "hex");
  return got.length === expected.length && timingSafeEqual(got, expected);
}
