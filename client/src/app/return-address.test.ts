import { describe, expect, it } from "vitest";
import { returnAddress, signInAddress } from "./return-address";

describe("the address signing in returns to", () => {
  it("names the page opened while signed out, with its query", () => {
    expect(signInAddress("/", "")).toBe("/auth");
    expect(signInAddress("/listings/abc", "")).toBe("/auth?next=%2Flistings%2Fabc");
    expect(returnAddress(new URL(signInAddress("/listings/abc", "view=table"), "http://x").search)).toBe("/listings/abc?view=table");
  });

  it("follows only addresses of this app", () => {
    for (const next of ["https://evil.example/x", "//evil.example/x", "/\\evil.example", "/auth?next=/x", "listings/abc", ""]) {
      expect(returnAddress(`next=${encodeURIComponent(next)}`), next).toBe("/");
    }
    expect(returnAddress("setup=true")).toBe("/");
  });
});
