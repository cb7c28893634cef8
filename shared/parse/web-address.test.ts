import { describe, expect, it } from "vitest";
import { insertListingSchema } from "../schema.js";
import { withWebScheme } from "./web-address.js";

describe("web addresses typed without a scheme", () => {
  it("get https:// when they start with a host name", () => {
    expect(withWebScheme("www.loopnet.com/Listing/123")).toBe("https://www.loopnet.com/Listing/123");
    expect(withWebScheme(" loopnet.com ")).toBe("https://loopnet.com");
    expect(withWebScheme("drive.google.com:443/x?y=1")).toBe("https://drive.google.com:443/x?y=1");
  });

  it("leave full addresses and anything that is not an address alone", () => {
    for (const text of ["https://www.loopnet.com/x", "http://example.com", "ftp://example.com/f", "javascript:alert(1)", "localhost", "see the flyer", "mailto:a@b.co"]) {
      expect(withWebScheme(text)).toBe(text);
    }
  });

  it("are what the listing schema stores, and the rest is still refused", () => {
    const base = {
      listingName: "Corner Office",
      address: "1 Main St",
      city: "Morgantown",
      state: "WV",
      offeringType: "Sell",
      marketingCategory: "Double",
      propertyDescription: "Bright",
    };
    const ok = insertListingSchema.safeParse({ ...base, looplinkLink: "www.loopnet.com/Listing/123" });
    expect(ok.success && ok.data.looplinkLink).toBe("https://www.loopnet.com/Listing/123");
    const bad = insertListingSchema.safeParse({ ...base, looplinkLink: "javascript:alert(1)" });
    expect(bad.success).toBe(false);
  });
});
