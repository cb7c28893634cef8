// Shared by this feature's tests: the commands run as people run them, and a workspace written
// through a real server's API.
import { spawn } from "node:child_process";
import sharp from "sharp";
import { validListingInput } from "../../test/factories.js";
import { httpClient } from "../../test/spawn-server.js";
import { projectRoot } from "../../paths.js";
import { backupKey } from "./backup-key.js";

/** The key the tests' backups are signed and checked with, as BACKUP_KEY would give. */
export const TEST_BACKUP_KEY = backupKey("test-backup-key-".repeat(3), "BACKUP_KEY");

export interface CommandRun {
  code: number | null;
  output: string;
}

/** `npm run backup` / `npm run restore` as a process of its own (tsx, as npm runs it). */
export function runCommand(command: "backup" | "restore", args: string[], env: Record<string, string>, prefix: string[] = []): Promise<CommandRun> {
  const [program, ...rest] = [...prefix, process.execPath, "--import", "tsx", `server/cli/${command}.ts`, ...args];
  const child = spawn(program, rest, {
    cwd: projectRoot,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, output })));
}

/** A small PNG whose bytes differ for every n. */
export const distinctPng = (n: number) =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: n % 256, g: (n >> 8) % 256, b: 77 } } })
    .png()
    .toBuffer();

export type ApiClient = ReturnType<typeof httpClient> & { base: string };

export function apiClient(base: string): ApiClient {
  return Object.assign(httpClient(base), { base });
}

/** What one pass of the writer made, once the server had acknowledged all of it. */
export interface Written {
  listingId: string;
  listingName: string;
  note: string;
  imageUrl: string;
  image: Buffer;
}

/** A listing with an uploaded image and a note, through the API as the app does it. */
export async function writeListing(client: ApiClient, n: number): Promise<Written> {
  const image = await distinctPng(n);
  const upload = await client.call("POST", "/api/objects/upload");
  if (upload.status !== 200) throw new Error(`upload URL: ${upload.status} ${JSON.stringify(upload.body)}`);
  const put = await fetch(client.base + upload.body.uploadURL, {
    method: "PUT",
    headers: { "content-type": "image/png", cookie: client.cookie },
    body: image,
  });
  if (put.status !== 200) throw new Error(`upload: ${put.status} ${await put.text()}`);
  const { imageUrl } = (await put.json()) as { imageUrl: string };
  const listing = await client.call("POST", "/api/listings", validListingInput({ listingName: `Written ${n}`, imageUrl }));
  if (listing.status !== 201) throw new Error(`listing: ${listing.status} ${JSON.stringify(listing.body)}`);
  const note = `Note for listing ${n}`;
  const added = await client.call("POST", `/api/listings/${listing.body.id}/notes`, { content: note });
  if (added.status !== 201) throw new Error(`note: ${added.status} ${JSON.stringify(added.body)}`);
  return { listingId: listing.body.id, listingName: `Written ${n}`, note, imageUrl, image };
}
