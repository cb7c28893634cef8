import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLocalStorage } from "./local-storage.js";
import { ObjectTooLargeError, type LocalObjectStorage } from "./object-storage.js";

let dir: string;
let storage: LocalObjectStorage;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "local-storage-test-"));
  storage = createLocalStorage(dir);
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const tmpFiles = () => fs.readdirSync(path.join(dir, "tmp"));
const text = async (stream: Readable | null) => Buffer.concat(await stream!.toArray()).toString();

describe("local storage", () => {
  it("writes, reads, stats, moves and deletes objects", async () => {
    await storage.put("images/one", Buffer.from("hello world"), "text/plain");
    expect(await storage.stat("images/one")).toEqual({ size: 11 });
    expect((await storage.readHead("images/one", 5)).toString()).toBe("hello");
    expect((await storage.readHead("images/one", 64)).toString()).toBe("hello world");
    await storage.move("images/one", "images/two", "text/plain");
    expect(await storage.stat("images/one")).toBeNull();
    expect(await text(await storage.read("images/two"))).toBe("hello world");
    await storage.delete("images/two");
    await storage.delete("images/two");
    expect(await storage.read("images/two")).toBeNull();
    expect(tmpFiles()).toEqual([]);
  });

  it("stages a stream, then commits or discards it", async () => {
    const kept = await storage.stage(Readable.from([Buffer.from("abc"), Buffer.from("def")]), 10);
    expect(kept.size).toBe(6);
    expect(kept.head.toString()).toBe("abcdef");
    await kept.commit("images/staged");
    expect(await text(await storage.read("images/staged"))).toBe("abcdef");

    const dropped = await storage.stage(Readable.from([Buffer.from("xyz")]), 10);
    await dropped.discard();
    expect(tmpFiles()).toEqual([]);
  });

  it("stops at the size cap and leaves nothing behind", async () => {
    const source = Readable.from([Buffer.alloc(6), Buffer.alloc(6)]);
    await expect(storage.stage(source, 10)).rejects.toBeInstanceOf(ObjectTooLargeError);
    expect(tmpFiles()).toEqual([]);
  });

  it("leaves nothing behind when the sender hangs up", async () => {
    const source = new Readable({ read() {} });
    const staging = storage.stage(source, 100);
    source.push(Buffer.from("partial"));
    source.destroy();
    await expect(staging).rejects.toThrow("interrupted");
    expect(tmpFiles()).toEqual([]);
  });

  it("refuses object names that could escape its folder", async () => {
    for (const name of ["../secret", "images/../../x", "/etc/passwd", "images/", "images/.hidden"]) {
      await expect(storage.put(name, Buffer.from("x"), "text/plain")).rejects.toThrow("Invalid object name");
    }
  });
});
