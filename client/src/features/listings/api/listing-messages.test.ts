import { describe, expect, it } from "vitest";
import { statusToastMessage } from "./toggle-listing-active";
import { listingUpdatedMessage, mergedMessage } from "./update-listing";

describe("listing toasts (spec §4)", () => {
  it("names the listing on the list screens and the folder in the detail views", () => {
    expect(statusToastMessage({ listingName: "Harbor Point", isActive: false }, "card")).toBe("Harbor Point moved to Not In Use");
    expect(statusToastMessage({ listingName: "Harbor Point", isActive: true }, "card")).toBe("Harbor Point moved to Active");
    expect(statusToastMessage({ listingName: "x", isActive: true }, "detail")).toBe("Listing activated and moved to Active folder");
    expect(statusToastMessage({ listingName: "x", isActive: false }, "detail")).toBe("Listing deactivated and moved to Not In Use folder");
  });

  it("says an edit moved the listing only when it did", () => {
    expect(listingUpdatedMessage(true, { listingName: "x", isActive: true })).toBe("Listing updated successfully");
    expect(listingUpdatedMessage(true, { listingName: "x", isActive: false })).toBe("Listing deactivated and moved to Not In Use folder");
  });

  it("names what a merged save kept, and who changed it", () => {
    expect(mergedMessage({ mergedFields: [], mergedBy: [] })).toBeNull();
    expect(mergedMessage({ mergedFields: ["leaseRate"], mergedBy: ["pat"] })).toBe("pat had changed Lease Rate meanwhile; both changes are kept.");
    expect(mergedMessage({ mergedFields: ["leaseRate", "notes", "isActive"], mergedBy: ["pat", "sam"] })).toBe(
      "pat and sam had changed Lease Rate, Notes, and Status meanwhile; both changes are kept.",
    );
    expect(mergedMessage({ mergedFields: ["zip"], mergedBy: [] })).toBe("Someone had changed ZIP meanwhile; both changes are kept.");
  });
});
