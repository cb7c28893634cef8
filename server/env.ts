// The one reader of process.env: everything the server can be configured with, validated once.
import path from "node:path";
import { z } from "zod";
import { allowedHostsProblem, parseAllowedHosts } from "./http/allowed-hosts.js";
import { publicUrlOrigin, publicUrlProblem } from "./http/public-origin.js";
import { backupTargetProblem } from "./features/backups/backup-target-url.js";
import { BACKUP_SCHEDULE_PATTERN, DEFAULT_BACKUP_SCHEDULE } from "./features/backups/schedule.js";
import { geocoderUrlProblem } from "./features/geocoding/geocoder-url.js";
import { attributionProblem, tilesUrlProblem } from "./features/maps/basemap.js";
import { mailFromProblem, smtpUrlProblem } from "./integrations/mail/smtp-url.js";

const flag = z
  .enum(["1", "0", "true", "false", "yes", "no", ""])
  .optional()
  .transform((v) => v === "1" || v === "true" || v === "yes");

const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() ? v.trim() : undefined));

/** An optional value checked by `problem` (a message, or null when the value is fine). */
const checked = (problem: (value: string) => string | null) =>
  optional.superRefine((v, ctx) => {
    const message = v === undefined ? null : problem(v);
    if (message) ctx.addIssue({ code: "custom", message });
  });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(5000),
  HOST: z.string().default("0.0.0.0"),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optional,
  SESSION_SECRET: optional.refine((v) => v === undefined || v.length >= 32, "must be at least 32 characters"),
  // Express "trust proxy": false, true, a hop count, or a list of addresses / subnets.
  TRUST_PROXY: optional,
  // The app's address as people open it; links use it.
  PUBLIC_URL: checked(publicUrlProblem).transform((v) => (v === undefined ? undefined : publicUrlOrigin(v))),
  // Host names besides localhost, IP addresses, this machine's name and PUBLIC_URL's host.
  ALLOWED_HOSTS: checked(allowedHostsProblem).transform(parseAllowedHosts),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // log2 of scrypt's N. 17 is OWASP's recommendation; tests lower it to keep the suite quick.
  AUTH_SCRYPT_COST: z.coerce.number().int().min(12).max(20).default(17),
  // Days a session may go unused before it ends (besides the 30 days after sign-in).
  SESSION_IDLE_DAYS: z.coerce.number().int().min(1).max(30).default(14),
  OPENAI_API_KEY: optional,
  OPENAI_BASE_URL: optional,
  OPENAI_MODEL: z.string().default("gpt-4o-mini"),
  S3_BUCKET: optional,
  S3_ENDPOINT: optional,
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_FORCE_PATH_STYLE: flag,
  FLYER_ALLOW_PRIVATE_NETWORKS: flag,
  // Days a Closed listing stays in the brokerage's inventory and the feed, shown as Sold / Leased.
  INVENTORY_SOLD_DAYS: z.coerce.number().int().min(0).max(3650).default(0),
  // Days the audit log and listing timelines keep an entry.
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36500).default(365),
  // Daily backups: "HH:MM" server time, or "off".
  BACKUP_SCHEDULE: z
    .string()
    .trim()
    .default(DEFAULT_BACKUP_SCHEDULE)
    .refine((v) => BACKUP_SCHEDULE_PATTERN.test(v), 'must be a time of day as HH:MM (24-hour, server time), or "off"'),
  // Where scheduled backups go (default DATA_DIR/backups) and how many of them are kept.
  BACKUP_DIR: optional,
  BACKUP_KEEP: z.coerce.number().int().min(1).max(1000).default(7),
  // Where each backup is copied once written:
  // s3://bucket/prefix, reached with the S3_ENDPOINT / S3_REGION / S3_ACCESS_KEY_ID ... variables.
  BACKUP_TARGET: checked(backupTargetProblem),
  // Signs backup manifests; the session secret when unset.
  BACKUP_KEY: optional.refine((v) => v === undefined || v.length >= 32, "must be at least 32 characters"),
  // A Nominatim-compatible search endpoint for street addresses.
  GEOCODER_URL: checked(geocoderUrlProblem),
  // The map view's raster tiles and their credit; without
  // them the map draws the embedded state and county outlines, offline.
  MAP_TILES_URL: checked(tilesUrlProblem),
  MAP_ATTRIBUTION: checked(attributionProblem),
  // Email (invitations, reset links, mentions): both or neither.
  SMTP_URL: checked(smtpUrlProblem),
  MAIL_FROM: checked(mailFromProblem),
  // Campaigns (docs/guides/campaigns.md): messages a minute, and the most people an agent's
  // campaign may reach (admins have no cap).
  CAMPAIGN_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(60),
  CAMPAIGN_MAX_RECIPIENTS: z.coerce.number().int().min(1).max(10_000_000).default(5_000),
  // The mail provider's bounce and complaint webhook is off unless this is set (its shared secret).
  EMAIL_WEBHOOK_SECRET: optional.refine((v) => v === undefined || v.length >= 16, "must be at least 16 characters"),
}).superRefine((env, ctx) => {
  if (env.SMTP_URL && !env.MAIL_FROM) ctx.addIssue({ code: "custom", path: ["MAIL_FROM"], message: "is required when SMTP_URL is set" });
  if (env.MAIL_FROM && !env.SMTP_URL) ctx.addIssue({ code: "custom", path: ["SMTP_URL"], message: "is required when MAIL_FROM is set" });
});

export type Env = Omit<z.infer<typeof envSchema>, "DATA_DIR" | "TRUST_PROXY" | "BACKUP_DIR"> & {
  DATA_DIR: string;
  BACKUP_DIR: string;
  TRUST_PROXY: boolean | number | string;
};

export class EnvError extends Error {}

function parseTrustProxy(v: string | undefined): boolean | number | string {
  if (v === undefined || v === "false" || v === "0") return false;
  if (v === "true") return true;
  if (/^\d+$/.test(v)) return Number(v);
  return v;
}

export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new EnvError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return {
    ...parsed.data,
    DATA_DIR: path.resolve(parsed.data.DATA_DIR),
    BACKUP_DIR: path.resolve(parsed.data.BACKUP_DIR ?? path.join(parsed.data.DATA_DIR, "backups")),
    TRUST_PROXY: parseTrustProxy(parsed.data.TRUST_PROXY),
  };
}
