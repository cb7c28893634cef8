import { describe, expect, it } from "vitest";
import { flyerLink, isWebAddress, linkToTryAutomatically, stillWorthTrying } from "./flyer-link";

describe("the flyer link", () => {
  it("reads a bare host as its https page and leaves other text as typed (trimmed)", () => {
    expect(flyerLink("www.loopnet.com/Listing/1")).toBe("https://www.loopnet.com/Listing/1");
    expect(flyerLink(" https://a.example/f.pdf ")).toBe("https://a.example/f.pdf");
    expect(flyerLink("")).toBe("");
  });

  it("counts only http and https addresses as web addresses", () => {
    expect(isWebAddress("https://a.example/f.pdf")).toBe(true);
    expect(isWebAddress("http://a.example")).toBe(true);
    expect(isWebAddress("ftp://a.example/f.pdf")).toBe(false);
    expect(isWebAddress("javascript:alert(1)")).toBe(false);
    expect(isWebAddress("loopnet")).toBe(false);
    expect(isWebAddress("")).toBe(false);
  });
});

describe("linkToTryAutomatically", () => {
  it("tries a whole new web address when there is no image", () => {
    expect(linkToTryAutomatically("www.loopnet.com/Listing/1", true, null)).toBe("https://www.loopnet.com/Listing/1");
  });

  it("does not try with an image, a half-typed link, or a link tried before", () => {
    expect(linkToTryAutomatically("https://a.example/f", false, null)).toBeNull();
    expect(linkToTryAutomatically("https://", true, null)).toBeNull();
    expect(linkToTryAutomatically("loop", true, null)).toBeNull();
    expect(linkToTryAutomatically("https://a.example/f", true, "https://a.example/f")).toBeNull();
  });

  it("after the wait, gives up when an image arrived or the button tried the link", () => {
    expect(stillWorthTrying("https://a.example/f", true, null)).toBe(true);
    expect(stillWorthTrying("https://a.example/f", false, null)).toBe(false);
    expect(stillWorthTrying("https://a.example/f", true, "https://a.example/f")).toBe(false);
  });
});
