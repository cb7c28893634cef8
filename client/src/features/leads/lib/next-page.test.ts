import { describe, expect, it } from "vitest";
import { nextPageOf } from "./next-page";

describe("nextPageOf", () => {
  it("reads the next page's address from a Link header, among other relations", () => {
    expect(nextPageOf('</api/leads?cursor=abc>; rel="next"')).toBe("/api/leads?cursor=abc");
    expect(nextPageOf('</api/leads?q=a%2Cb>; rel="prev", </api/leads?q=a&cursor=xyz>; rel=next')).toBe("/api/leads?q=a&cursor=xyz");
  });

  it("answers null on the last page", () => {
    expect(nextPageOf(null)).toBeNull();
    expect(nextPageOf('</api/leads?cursor=abc>; rel="prev"')).toBeNull();
    expect(nextPageOf('</api/leads?cursor=abc>; rel="nextish"')).toBeNull();
  });
});
