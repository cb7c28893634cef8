// Thumbnails of large originals were all made at once, each decoding its whole
// picture into memory. Now a few at a time per process, with a bounded wait.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage } from "../../integrations/storage/local-storage.js";
import type { LocalObjectStorage } from "../../integrations/storage/object-storage.js";
import { createTestContext, type TestClient, type TestContext } from "../../test/test-app.js";
import { uploadImage } from "../../test/uploads.js";

let ctx: TestContext;
let dir: string;
let member: TestClient;
// Reads of originals wait here while the test holds the gate: the thumbnail job is then inside
// its turn, exactly as one decoding a large picture would be.
let gate: { reached: () => void; open: Promise<void> } | null = null;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "thumbnails-test-"));
  const local = createLocalStorage(dir);
  const storage: LocalObjectStorage = {
    ...local,
    async read(name) {
      if (gate && name.startsWith("images/")) {
        gate.reached();
        await gate.open;
      }
      return local.read(name);
    },
  };
  ctx = await createTestContext({ storage, images: { thumbnails: { concurrency: 1, maxWaiting: 0 } } });
  member = (await ctx.userAgent()).agent;
});
afterAll(async () => {
  await ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const photo = () => sharp({ create: { width: 900, height: 600, channels: 3, background: "#335577" } }).jpeg().toBuffer();

describe("thumbnail concurrency", () => {
  it("makes one at a time here and answers 503 to more than can wait, until the turn is free", async () => {
    // (How many may wait, and in what order, is concurrency-limit.test.ts's business.)
    const [a, b] = [await uploadImage(member, await photo()), await uploadImage(member, await photo())];
    let reached!: () => void;
    const inside = new Promise<void>((resolve) => (reached = resolve));
    let open!: () => void;
    gate = { reached, open: new Promise<void>((resolve) => (open = resolve)) };

    const first = member.get(`${a}?w=600`).then((r) => r.status);
    await inside;
    const refused = await member.get(`${b}?w=600`);
    expect(refused.status).toBe(503);
    expect(refused.body.message).toBe("Too many images are being prepared right now. Please try again in a moment.");

    gate = null;
    open();
    expect(await first).toBe(200);
    expect((await member.get(`${b}?w=600`)).status).toBe(200);
  });
});
