// Records the EventSources a page makes (an init script, run before the app), for browser tests
// about the event stream: whether each opened, was ended by the server, and its state now.
import type { Page } from "playwright-core";

export interface StreamRecord {
  opened: boolean;
  /** The server's "ready" arrived: the app has caught up what waited for the stream. */
  ready: boolean;
  /** The server ended it while it was open (EventSource then tries to reconnect). */
  endedByServer: boolean;
  readyState: number;
}

/** Runs in the page before the app: keeps every EventSource the app makes, and what befell it. */
export function recordEventSources() {
  const Native = window.EventSource;
  const sources: EventSource[] = [];
  const records: { opened: boolean; ready: boolean; endedByServer: boolean }[] = [];
  class Recorded extends Native {
    constructor(url: string | URL, init?: EventSourceInit) {
      super(url, init);
      const record = { opened: false, ready: false, endedByServer: false };
      sources.push(this);
      records.push(record);
      this.addEventListener("open", () => (record.opened = true));
      // Added before the app's own listener, so when this is true the app's has run too.
      this.addEventListener("ready", () => (record.ready = true));
      this.addEventListener("error", () => {
        if (record.opened && this.readyState === Native.CONNECTING) record.endedByServer = true;
      });
    }
  }
  window.EventSource = Recorded;
  (window as unknown as { liveStreams: () => StreamRecord[] }).liveStreams = () =>
    records.map((record, i) => ({ ...record, readyState: sources[i].readyState }));
}

export const streams = (page: Page) => page.evaluate(() => (window as unknown as { liveStreams: () => StreamRecord[] }).liveStreams());
export const OPEN = 1;
export const CLOSED = 2;
