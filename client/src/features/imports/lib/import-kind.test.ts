import { describe, expect, it } from "vitest";
import { ACTION_LABELS, countOf, kindChangeText, kindFieldLabel } from "./import-kind";

describe("what the wizard says for contacts", () => {
  it("words a contact's filled fields as the Contacts page shows them", () => {
    expect(kindChangeText("contacts", "phone", [null, "304-555-0100"])).toBe("Phone: empty → 304-555-0100");
    expect(kindChangeText("contacts", "tags", [["vip"], ["vip", "buyer"]])).toBe("Tags: vip → vip, buyer");
    const interests = { propertyTypes: ["Retail"], states: ["OH", "WV"], minPrice: 500000, maxPrice: null, minSize: null, maxSize: 20000, offeringTypes: [] };
    expect(kindChangeText("contacts", "interests", [null, interests])).toBe("Interests: empty → Retail, OH, WV, from $500,000, up to 20,000 SF");
    expect(kindChangeText("contacts", "status", ["subscribed", "unsubscribed"])).toBe("Status: subscribed → unsubscribed");
  });

  it("keeps the listing words for listings", () => {
    expect(kindChangeText("listings", "askingPrice", [null, 900000])).toBe("Asking Price: empty → $900,000");
    expect(kindFieldLabel("listings", "askingPrice")).toBe("Asking Price");
    expect(kindFieldLabel("contacts", "email")).toBe("Email");
    expect([ACTION_LABELS.contacts.create, ACTION_LABELS.contacts.fail, ACTION_LABELS.listings.fail]).toEqual(["New", "Error", "Fail"]);
    expect([countOf("contacts", 1), countOf("listings", 3)]).toEqual(["1 contact", "3 listings"]);
  });
});
