import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import type { ListingWithMeta } from "./listing-types";
import { whenPostsWritten } from "./when-posts-written";

const ID = "listing-1";
const OTHER = "listing-2";
const LIMIT_MS = 180_000;

const listingWith = (postsStatus: string) => ({ id: ID, postsStatus }) as ListingWithMeta;

/** A fake stream: `emit` delivers a payload to whoever listens now. */
function fakeStream() {
  const heard = new Set<(payload: unknown) => void>();
  return {
    listen: (changed: (payload: unknown) => void) => {
      heard.add(changed);
      return () => heard.delete(changed);
    },
    emit: (payload: unknown) => heard.forEach((changed) => changed(payload)),
    get listeners() {
      return heard.size;
    },
  };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe("whenPostsWritten", () => {
  it("reads the listing only when the stream names it, and never on a timer", async () => {
    const stream = fakeStream();
    let status = "pending";
    const read = vi.fn(async () => listingWith(status));
    const written = whenPostsWritten(ID, { read, listen: stream.listen, limitMs: LIMIT_MS });
    await vi.advanceTimersByTimeAsync(0);
    expect(read).toHaveBeenCalledTimes(1);

    // A minute passes: no read (the old loop read every 2 s).
    await vi.advanceTimersByTimeAsync(60_000);
    expect(read).toHaveBeenCalledTimes(1);

    // Another listing changed: still no read.
    stream.emit({ ids: [OTHER] });
    await vi.advanceTimersByTimeAsync(0);
    expect(read).toHaveBeenCalledTimes(1);

    status = "ready";
    stream.emit({ ids: [ID] });
    expect(await written).toEqual(listingWith("ready"));
    expect(read).toHaveBeenCalledTimes(2);
    expect(stream.listeners).toBe(0);
  });

  it("asks again after a resync or a change of many listings", async () => {
    for (const payload of [null, { ids: [], many: true }]) {
      const stream = fakeStream();
      let status = "pending";
      const read = vi.fn(async () => listingWith(status));
      const written = whenPostsWritten(ID, { read, listen: stream.listen, limitMs: LIMIT_MS });
      await vi.advanceTimersByTimeAsync(0);
      status = "ready";
      stream.emit(payload);
      expect((await written)?.postsStatus).toBe("ready");
    }
  });

  it("finds posts written before it listened", async () => {
    const stream = fakeStream();
    const written = whenPostsWritten(ID, { read: async () => listingWith("ready"), listen: stream.listen, limitMs: LIMIT_MS });
    expect((await written)?.postsStatus).toBe("ready");
    expect(stream.listeners).toBe(0);
  });

  it("reads once more when the listing changes during a read, so no change is missed", async () => {
    const stream = fakeStream();
    let status = "pending";
    let release: () => void = () => {};
    const read = vi.fn(
      () =>
        new Promise<ListingWithMeta>((resolve) => {
          const answer = listingWith(status);
          release = () => resolve(answer);
        }),
    );
    const written = whenPostsWritten(ID, { read, listen: stream.listen, limitMs: LIMIT_MS });
    // The first read sees "pending"; the posts are written while it is under way.
    status = "ready";
    stream.emit({ ids: [ID] });
    release();
    await vi.advanceTimersByTimeAsync(0);
    release();
    expect((await written)?.postsStatus).toBe("ready");
    expect(read).toHaveBeenCalledTimes(2);
  });

  it("gives up when the listing is gone or the wait runs out, and stops listening", async () => {
    const gone = fakeStream();
    const notFound = whenPostsWritten(ID, {
      read: async () => {
        throw new ApiError(404, JSON.stringify({ message: "Listing not found" }), "Not Found");
      },
      listen: gone.listen,
      limitMs: LIMIT_MS,
    });
    expect(await notFound).toBeNull();
    expect(gone.listeners).toBe(0);

    const silent = fakeStream();
    const never = whenPostsWritten(ID, { read: async () => listingWith("pending"), listen: silent.listen, limitMs: LIMIT_MS });
    await vi.advanceTimersByTimeAsync(LIMIT_MS);
    expect(await never).toBeNull();
    expect(silent.listeners).toBe(0);
  });

  it("waits for the stream after a network failure instead of giving up", async () => {
    const stream = fakeStream();
    let offline = true;
    const written = whenPostsWritten(ID, {
      read: async () => {
        if (offline) throw new TypeError("Failed to fetch");
        return listingWith("ready");
      },
      listen: stream.listen,
      limitMs: LIMIT_MS,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stream.listeners).toBe(1);
    offline = false;
    stream.emit(null);
    expect((await written)?.postsStatus).toBe("ready");
  });
});
