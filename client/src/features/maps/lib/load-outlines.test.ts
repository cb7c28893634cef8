// A worker that fails or never answers rejects the map's outline load, ends the worker, and is
// asked again next time (the map then says the
// outlines could not be drawn and offers to try again).
import { afterEach, describe, expect, it, vi } from "vitest";
import { answerOf, once, OUTLINE_WORKER_TIMEOUT_MS, type AnsweringWorker } from "./load-outlines";

/** A stand-in for the browser's Worker: the test plays the worker's side. */
class FakeWorker implements AnsweringWorker {
  onmessage: AnsweringWorker["onmessage"] = null;
  onerror: AnsweringWorker["onerror"] = null;
  onmessageerror: AnsweringWorker["onmessageerror"] = null;
  terminated = false;
  terminate() {
    this.terminated = true;
  }
  answer(data: unknown) {
    this.onmessage?.call(this as unknown as Worker, new MessageEvent("message", { data }));
  }
  /** An ErrorEvent (the conversion threw) or a plain Event (the script could not load). */
  fail(event: Event) {
    this.onerror?.call(this as unknown as Worker, event as ErrorEvent);
  }
}

function started() {
  const worker = new FakeWorker();
  return { worker, answer: answerOf<string>(() => worker) };
}

afterEach(() => void vi.useRealTimers());

describe("a worker's answer", () => {
  it("is its one message, after which the worker is ended", async () => {
    const { worker, answer } = started();
    worker.answer("outlines");
    await expect(answer).resolves.toBe("outlines");
    expect(worker.terminated).toBe(true);
  });

  it("fails, ending the worker, when its script cannot load", async () => {
    const { worker, answer } = started();
    const event = new Event("error", { cancelable: true });
    worker.fail(event);
    await expect(answer).rejects.toThrow("The map's outlines could not be prepared: its script could not be loaded");
    expect(worker.terminated).toBe(true);
    // Handled: the browser does not report it as an uncaught error too.
    expect(event.defaultPrevented).toBe(true);
  });

  it("fails with the worker's reason when its conversion throws", async () => {
    const { worker, answer } = started();
    worker.fail(Object.assign(new Event("error", { cancelable: true }), { message: "Uncaught TypeError: bad arc" }));
    await expect(answer).rejects.toThrow("Uncaught TypeError: bad arc");
    expect(worker.terminated).toBe(true);
  });

  it("fails when its answer cannot be read", async () => {
    const { worker, answer } = started();
    worker.onmessageerror?.call(worker as unknown as Worker, new MessageEvent("messageerror"));
    await expect(answer).rejects.toThrow("its answer could not be read");
    expect(worker.terminated).toBe(true);
  });

  it("fails, ending the worker, when no answer comes in time, and a late answer changes nothing", async () => {
    vi.useFakeTimers();
    const { worker, answer } = started();
    const settled = vi.fn();
    answer.then(settled, settled);
    vi.advanceTimersByTime(OUTLINE_WORKER_TIMEOUT_MS - 1);
    await Promise.resolve();
    expect(settled).not.toHaveBeenCalled();
    expect(worker.terminated).toBe(false);
    vi.advanceTimersByTime(1);
    await expect(answer).rejects.toThrow(`no answer within ${OUTLINE_WORKER_TIMEOUT_MS / 1000} s`);
    expect(worker.terminated).toBe(true);
    expect(worker.onmessage).toBeNull();
  });

  it("leaves no timer behind once answered", () => {
    vi.useFakeTimers();
    const { worker } = started();
    worker.answer("outlines");
    expect(vi.getTimerCount()).toBe(0);
  });

  it("fails when the worker cannot even be made", async () => {
    await expect(
      answerOf(() => {
        throw new DOMException("blocked", "SecurityError");
      }),
    ).rejects.toThrow("blocked");
  });
});

describe("once per page", () => {
  it("keeps an answer, but not a failure: the next call (Try again) asks again", async () => {
    const start = vi.fn<() => Promise<string>>().mockRejectedValueOnce(new Error("offline")).mockResolvedValue("outlines");
    const load = once(start);
    await expect(load()).rejects.toThrow("offline");
    await expect(load()).resolves.toBe("outlines");
    await expect(load()).resolves.toBe("outlines");
    expect(start).toHaveBeenCalledTimes(2);
  });
});
