import { describe, expect, it } from "vitest";
import { notModified } from "./conditional.js";

const TAG = '"page-41"';

describe("notModified", () => {
  it("matches the tag alone, weak or strong, and in a list", () => {
    expect(notModified({ "if-none-match": TAG }, TAG)).toBe(true);
    expect(notModified({ "if-none-match": `W/${TAG}` }, TAG)).toBe(true);
    expect(notModified({ "if-none-match": TAG }, `W/${TAG}`)).toBe(true);
    expect(notModified({ "if-none-match": `"page-40", ${TAG}` }, TAG)).toBe(true);
    expect(notModified({ "if-none-match": `"page-40",W/${TAG}` }, TAG)).toBe(true);
    expect(notModified({ "if-none-match": "*" }, TAG)).toBe(true);
  });

  it("does not match another tag, a prefix of it, no header, or a forced reload", () => {
    expect(notModified({ "if-none-match": '"page-4"' }, TAG)).toBe(false);
    expect(notModified({ "if-none-match": '"page-40", "page-42"' }, TAG)).toBe(false);
    expect(notModified({}, TAG)).toBe(false);
    expect(notModified({ "if-none-match": TAG, "cache-control": "no-cache" }, TAG)).toBe(false);
  });
});
