import { describe, expect, it } from "vitest";
import { ApiError, changingOwnSession, editConflictOf, errorMessage, sessionStamp, throwIfNotOk, whenSessionSettled } from "./api-client";
import { serverFieldErrors } from "./form-errors";

const reply = (status: number, body: string, statusText = "") => new Response(body, { status, statusText });

async function errorFrom(res: Response, stamp?: () => boolean): Promise<ApiError> {
  const error = await throwIfNotOk(res, stamp).then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof ApiError)) throw new Error("expected an ApiError");
  return error;
}

describe("ApiError: the error body, parsed once", () => {
  it("exposes a 412's conflict (the row now, who saved it, when), and nothing for other statuses", async () => {
    const body = { message: "Someone else saved", current: { id: "a", version: 3 }, changedBy: "bob", changedAt: "2026-11-24T10:00:00.000Z" };
    const error = await errorFrom(reply(412, JSON.stringify(body)));
    expect(error.status).toBe(412);
    expect(editConflictOf<{ id: string; version: number }>(error)).toEqual(body);
    expect(errorMessage(error)).toBe("Someone else saved");
    expect((await errorFrom(reply(409, JSON.stringify(body)))).conflict).toBeNull();
    expect((await errorFrom(reply(412, '{"message":"Precondition failed"}'))).conflict).toBeNull();
    expect(editConflictOf(new Error("x"))).toBeNull();
  });

  it("keeps spec §8's message: status, colon, body (or the status text when the body is empty)", async () => {
    expect((await errorFrom(reply(409, '{"message":"Taken"}'))).message).toBe('409: {"message":"Taken"}');
    expect((await errorFrom(reply(502, "", "Bad Gateway"))).message).toBe("502: Bad Gateway");
  });

  it("reads the server's sentence and a 400's per-field sentences", async () => {
    const error = await errorFrom(reply(400, JSON.stringify({ message: "Check the fields", errors: { city: "City is required", n: 3 } })));
    expect(error.status).toBe(400);
    expect(error.serverMessage).toBe("Check the fields");
    expect(error.fieldErrors).toEqual({ city: "City is required" });
    expect(error.data).toEqual({ message: "Check the fields", errors: { city: "City is required", n: 3 } });
    expect(serverFieldErrors(error)).toEqual({ city: "City is required" });
  });

  it("finds no fields outside a 400, and no sentence in a body that is not JSON", async () => {
    expect((await errorFrom(reply(409, JSON.stringify({ message: "x", errors: { a: "b" } })))).fieldErrors).toBeNull();
    const html = await errorFrom(reply(502, "<html>Bad gateway</html>"));
    expect(html.data).toBeUndefined();
    expect(html.serverMessage).toBeNull();
    expect(serverFieldErrors(new Error("plain"))).toBeNull();
  });

  it("lets an OK response through", async () => {
    await expect(throwIfNotOk(reply(200, "{}"))).resolves.toBeUndefined();
  });
});

describe("errorMessage: words for people", () => {
  it("prefers the server's sentence, then plain text, never JSON or HTML", async () => {
    expect(errorMessage(await errorFrom(reply(400, '{"message":"Name is required"}')))).toBe("Name is required");
    expect(errorMessage(await errorFrom(reply(500, "Database unavailable")))).toBe("Database unavailable");
    expect(errorMessage(await errorFrom(reply(502, "<html>oops</html>")), "Failed to save.")).toBe("Failed to save. (502)");
    expect(errorMessage(await errorFrom(reply(503, "", "Service Unavailable")))).toBe("503: Service Unavailable");
  });

  it("says the server could not be reached when fetch itself failed", () => {
    expect(errorMessage(new TypeError("Failed to fetch"))).toBe("Could not reach the server. Check your connection and try again.");
  });

  it("falls back to an Error's own message, then to the fallback", () => {
    expect(errorMessage(new Error("Stopped"))).toBe("Stopped");
    expect(errorMessage("what", "Fallback.")).toBe("Fallback.");
  });
});

describe("a change of this tab's own session", () => {
  it("marks a 401 to a request it overlapped, and only such a 401", async () => {
    const before = sessionStamp();
    let finish = () => {};
    const change = changingOwnSession(() => new Promise<void>((done) => (finish = done)));
    const during = sessionStamp();
    let settled = false;
    const waited = whenSessionSettled().then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    // Answered while the change is still in flight: both may carry the old cookie.
    expect((await errorFrom(reply(401, "Not authenticated"), before)).crossedSessionChange).toBe(true);
    finish();
    await change;
    await waited;
    expect(settled).toBe(true);
    // Sent during the change, answered after it: still the old cookie.
    expect((await errorFrom(reply(401, ""), during)).crossedSessionChange).toBe(true);
    // Sent before, answered after: the change came between.
    expect((await errorFrom(reply(401, ""), before)).crossedSessionChange).toBe(true);
    // Sent after the change: a 401 now means the session ended.
    expect((await errorFrom(reply(401, ""), sessionStamp())).crossedSessionChange).toBe(false);
    // Another status is never the change's, and nor is a 401 of a request not stamped.
    expect((await errorFrom(reply(403, ""), before)).crossedSessionChange).toBe(false);
    expect((await errorFrom(reply(401, ""))).crossedSessionChange).toBe(false);
  });

  it("ends even when its request fails", async () => {
    await expect(changingOwnSession(() => Promise.reject(new Error("400: wrong password")))).rejects.toThrow("wrong password");
    const stamp = sessionStamp();
    await whenSessionSettled();
    expect((await errorFrom(reply(401, ""), stamp)).crossedSessionChange).toBe(false);
  });
});
