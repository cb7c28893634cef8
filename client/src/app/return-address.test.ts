import { describe, expect, it } from "vitest";
import { returnAddress, signInAddress } from "./return-address";

const searchOf = (address: string) => new URL(address, "http://x").search;

describe("the address signing in returns to", () => {
  it("names a listing's page opened while signed out, with its query", () => {
    expect(signInAddress("/listings/abc", "")).toBe("/auth?next=%2Flistings%2Fabc");
    expect(returnAddress(searchOf(signInAddress("/listings/abc", "tab=posts")))).toBe("/listings/abc?tab=posts");
  });

  it("keeps the spec's /auth, then /, for every other screen", () => {
    for (const path of ["/", "/team", "/settings", "/listings"]) expect(signInAddress(path, "q=x")).toBe("/auth");
    expect(returnAddress("next=%2Fteam")).toBe("/");
  });

  it("follows only a listing's address in this app", () => {
    for (const next of ["https://evil.example/listings/x", "//evil.example/listings/x", "/\\evil.example/listings/x", "/auth?next=/listings/x", "listings/abc", ""]) {
      expect(returnAddress(`next=${encodeURIComponent(next)}`), next).toBe("/");
    }
    expect(returnAddress("setup=true")).toBe("/");
  });
});
