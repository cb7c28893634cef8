import { MutationObserver } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { currentToasts, toastError } from "@/components/ui/use-toast";
import { createQueryClient } from "./query-client";

const isOpen = (id: number) => currentToasts().some((t) => t.id === id && t.open);

describe("the error toast of a retried action", () => {
  const client = createQueryClient();
  const attempt = <T>(mutationFn: (input: T) => Promise<unknown>, input: T, onError?: () => void) =>
    new MutationObserver(client, { mutationFn, onError }).mutate(input).catch(() => undefined);

  const signIn = async (password: string) => {
    if (password !== "right") throw new Error("401: Invalid username or password");
    return { username: "alex" };
  };
  const addNote = async () => {
    throw new Error("500: Internal Server Error");
  };

  it("is dismissed when the same action then succeeds", async () => {
    let id = 0;
    await attempt(signIn, "wrong", () => (id = toastError("Login failed", "401: Invalid username or password").id));
    expect(isOpen(id)).toBe(true);
    await attempt(signIn, "right");
    expect(isOpen(id)).toBe(false);
  });

  it("stays when another action succeeds", async () => {
    let id = 0;
    await attempt(addNote, undefined, () => (id = toastError("Failed to add note").id));
    await attempt(signIn, "right");
    expect(isOpen(id)).toBe(true);
  });
});
