import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sessionIdReader } from "./session-cookie.js";

const SECRET = "session-cookie-test-secret";
/** A cookie as express-session writes it: "s:" + id + "." + HMAC-SHA256 in base64 without padding, URL-encoded. */
const cookieOf = (sid: string, secret = SECRET, name = "sid") =>
  `${name}=${encodeURIComponent(`s:${sid}.${createHmac("sha256", secret).update(sid).digest("base64").replace(/=+$/, "")}`)}`;

describe("sessionIdReader", () => {
  it("reads the id of a cookie signed with the secret, among other cookies, encoded or not", () => {
    const read = sessionIdReader("sid", SECRET);
    expect(read(cookieOf("abc"))).toBe("abc");
    expect(read(`theme=dark; ${cookieOf("def")}; other=1`)).toBe("def");
    expect(read(decodeURIComponent(cookieOf("ghi")))).toBe("ghi");
  });

  it("refuses another secret, another cookie name, a changed id or signature, and nonsense", () => {
    const read = sessionIdReader("sid", SECRET);
    expect(read(cookieOf("abc", "another-secret"))).toBeNull();
    expect(read(cookieOf("abc", SECRET, "other"))).toBeNull();
    const genuine = decodeURIComponent(cookieOf("abc"));
    expect(read(genuine.replace("s:abc.", "s:abd."))).toBeNull();
    expect(read(genuine.slice(0, -1))).toBeNull();
    expect(read("sid=abc")).toBeNull();
    expect(read("sid=%E0%A4%A")).toBeNull();
    expect(read(undefined)).toBeNull();
  });

  it("answers a remembered cookie as it first did, and still refuses a forged one for the same id", () => {
    const read = sessionIdReader("sid", SECRET);
    expect(read(cookieOf("abc"))).toBe("abc");
    expect(read(cookieOf("abc"))).toBe("abc");
    expect(read(cookieOf("abc", "another-secret"))).toBeNull();
    expect(read(cookieOf("abc"))).toBe("abc");
  });

  it("keeps at most the number it is given, and answers the same once it started afresh", () => {
    const read = sessionIdReader("sid", SECRET, 2);
    const ids = ["a", "b", "c", "d", "e"];
    for (const id of ids) expect(read(cookieOf(id))).toBe(id);
    for (const id of ids) expect(read(cookieOf(id))).toBe(id);
    expect(read(cookieOf("a", "another-secret"))).toBeNull();
  });
});
