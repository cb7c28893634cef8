import { ApiError } from "@/lib/api-client";
import { eventNamesListing } from "../lib/teammate-save";
import type { ListingWithMeta } from "./listing-types";

export interface PostsWatch {
  /** Reads the listing as it is now. */
  read: (id: string) => Promise<ListingWithMeta>;
  /**
   * Calls `changed` with each `listings` event's payload, and with null when the stream asks for
   * a resync (after a reconnect it could not replay); returns what stops listening.
   */
  listen: (changed: (payload: unknown) => void) => () => void;
  /** How long to wait at most: a listing whose posts never come must not be waited for forever. */
  limitMs: number;
}

/**
 * The listing once a remote model has written its posts in the background, or null (deleted,
 * signed out, or not written within `limitMs`). It is read again only when the event stream says
 * this listing (or everything) changed, never on a timer: the stream is the one live path.
 */
export function whenPostsWritten(id: string, watch: PostsWatch): Promise<ListingWithMeta | null> {
  return new Promise((resolve) => {
    let done = false;
    let reading = false;
    let readAgain = false;

    const finish = (listing: ListingWithMeta | null) => {
      if (done) return;
      done = true;
      stopListening();
      clearTimeout(giveUp);
      resolve(listing);
    };

    // One read at a time; an event heard during a read asks for one more read after it.
    const check = async () => {
      if (reading) {
        readAgain = true;
        return;
      }
      reading = true;
      try {
        do {
          readAgain = false;
          const listing = await watch.read(id);
          if (listing.postsStatus !== "pending") return finish(listing);
        } while (readAgain && !done);
      } catch (error) {
        // Deleted meanwhile, or signed out: nothing left to announce. Offline: the stream's
        // reconnect replays or resyncs, which asks again.
        if (error instanceof ApiError) finish(null);
      } finally {
        reading = false;
      }
    };

    const stopListening = watch.listen((payload) => {
      if (payload === null || eventNamesListing(payload, id)) void check();
    });
    const giveUp = setTimeout(() => finish(null), watch.limitMs);
    // The posts may have been written before we listened.
    void check();
  });
}
