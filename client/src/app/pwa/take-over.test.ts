import { describe, expect, it } from "vitest";
import { SKIP_WAITING, takeOverAndReload } from "./take-over";

/** A service worker as the page sees it: a state, the messages posted to it, statechange. */
class FakeWorker extends EventTarget {
  readonly posted: unknown[] = [];
  constructor(public state: ServiceWorkerState) {
    super();
  }
  postMessage(message: unknown) {
    this.posted.push(message);
  }
  become(state: ServiceWorkerState) {
    this.state = state;
    this.dispatchEvent(new Event("statechange"));
  }
}

/** navigator.serviceWorker: its registration's waiting and installing workers, controllerchange. */
class FakeContainer extends EventTarget {
  constructor(private readonly registration: { waiting: FakeWorker | null; installing: FakeWorker | null } | undefined) {
    super();
  }
  getRegistration() {
    return Promise.resolve(this.registration);
  }
}

function start(registration: { waiting: FakeWorker | null; installing: FakeWorker | null } | undefined) {
  const container = new FakeContainer(registration);
  const reloads: string[] = [];
  const done = takeOverAndReload(container, () => reloads.push("reload"));
  return { container, reloads, done };
}

describe("takeOverAndReload", () => {
  it("asks the waiting version to take over and reloads once it controls the page", async () => {
    const waiting = new FakeWorker("installed");
    const { container, reloads, done } = start({ waiting, installing: null });
    await done;
    expect(waiting.posted).toEqual([SKIP_WAITING]);
    expect(reloads).toEqual([]);
    container.dispatchEvent(new Event("controllerchange"));
    expect(reloads).toEqual(["reload"]);
  });

  it("reloads when the new version is activated even if controllerchange never comes", async () => {
    const waiting = new FakeWorker("installed");
    const { reloads, done } = start({ waiting, installing: null });
    await done;
    waiting.become("activating");
    expect(reloads).toEqual([]);
    waiting.become("activated");
    expect(reloads).toEqual(["reload"]);
  });

  it("reloads at once when the new version already took over before the click", async () => {
    const { reloads, done } = start({ waiting: null, installing: null });
    await done;
    expect(reloads).toEqual(["reload"]);
  });

  it("reloads at once when there is no registration (no service worker)", async () => {
    const { reloads, done } = start(undefined);
    await done;
    expect(reloads).toEqual(["reload"]);
  });

  it("asks a version still installing, which then takes over once installed", async () => {
    const installing = new FakeWorker("installing");
    const { container, reloads, done } = start({ waiting: null, installing });
    await done;
    expect(installing.posted).toEqual([SKIP_WAITING]);
    installing.become("installed");
    expect(reloads).toEqual([]);
    container.dispatchEvent(new Event("controllerchange"));
    expect(reloads).toEqual(["reload"]);
  });

  it("reloads when the waiting version was replaced by a newer one", async () => {
    const waiting = new FakeWorker("installed");
    const { reloads, done } = start({ waiting, installing: null });
    await done;
    waiting.become("redundant");
    expect(reloads).toEqual(["reload"]);
  });
});
