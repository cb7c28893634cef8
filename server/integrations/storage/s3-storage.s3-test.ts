import type { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestBucket } from "./s3-test-bucket.js";

let bucket: Awaited<ReturnType<typeof createTestBucket>>;
beforeAll(async () => {
  bucket = await createTestBucket();
});
afterAll(() => bucket.destroy());

const text = async (stream: Readable | null) => Buffer.concat(await stream!.toArray()).toString();

describe("S3 storage", () => {
  it("writes, reads, stats, moves and deletes objects", async () => {
    const { storage } = bucket;
    await storage.put("images/one", Buffer.from("hello world"), "text/plain");
    expect(await storage.stat("images/one")).toEqual({ size: 11 });
    expect((await storage.readHead("images/one", 5)).toString()).toBe("hello");
    expect((await storage.readHead("images/one", 64)).toString()).toBe("hello world");
    await storage.move("images/one", "images/two", "image/png");
    expect(await storage.stat("images/one")).toBeNull();
    expect(await text(await storage.read("images/two"))).toBe("hello world");
    await storage.delete("images/two");
    await storage.delete("images/two");
    expect(await storage.read("images/two")).toBeNull();
    expect(await storage.stat("images/two")).toBeNull();
  });

  it("reads the head of an empty object as empty", async () => {
    await bucket.storage.put("images/empty", Buffer.alloc(0), "application/octet-stream");
    expect((await bucket.storage.readHead("images/empty", 64)).length).toBe(0);
    await bucket.storage.delete("images/empty");
  });

  it("presigns a PUT a browser can use, and maps its address back to the object", async () => {
    const { storage } = bucket;
    const url = await storage.presignUpload("incoming/presigned", 900);
    expect(new URL(url).searchParams.get("X-Amz-Expires")).toBe("900");
    // No checksum parameters a browser could not supply.
    expect(url).not.toMatch(/x-amz-checksum|x-amz-sdk-checksum/i);
    const put = await fetch(url, { method: "PUT", body: "uploaded", headers: { "Content-Type": "image/png" } });
    expect(put.status).toBe(200);
    expect(await text(await storage.read("incoming/presigned"))).toBe("uploaded");
    expect(storage.nameFromObjectUrl(url.split("?")[0])).toBe("incoming/presigned");
    expect(storage.nameFromObjectUrl("https://elsewhere.example.com/incoming/presigned")).toBeNull();
    expect(storage.browserOrigins).toEqual([new URL(process.env.TEST_S3_ENDPOINT!).origin]);
  });

  it("refuses a presigned URL whose signature or object was changed", async () => {
    const url = new URL(await bucket.storage.presignUpload("incoming/guarded", 900));
    const forged = new URL(url);
    forged.searchParams.set("X-Amz-Signature", "0".repeat(64));
    expect((await fetch(forged, { method: "PUT", body: "x" })).status).toBe(403);
    const moved = new URL(url);
    moved.pathname = moved.pathname.replace("guarded", "elsewhere");
    expect((await fetch(moved, { method: "PUT", body: "x" })).status).toBe(403);
    expect(await bucket.storage.stat("incoming/guarded")).toBeNull();
  });
});
