import { describe, expect, it } from "vitest";
import { OFFERING_TYPES } from "../../../shared/enumerations.js";
import { DEAL_STAGES, LEASE_RATE_UNITS, PROPERTY_TYPES } from "../../../shared/listing-fact-choices.js";
import { PHOTO_KINDS } from "../../../shared/photos.js";
import {
  LEASE_FREQUENCY_OF,
  MEDIA_CATEGORY_OF,
  PROPERTY_SUB_TYPE_OF,
  RESO_LEASE_AMOUNT_FREQUENCY,
  RESO_MEDIA_CATEGORY,
  RESO_PROPERTY_SUB_TYPE,
  RESO_PROPERTY_TYPE,
  RESO_STANDARD_STATUS,
  resoPropertyType,
  STANDARD_STATUS_OF,
  tombstoneStatus,
} from "./reso.js";

// Every value our mapping can produce, for every value of ours, is one of the Dictionary's.
describe("the RESO mapping", () => {
  it("maps every offering and property type to a Data Dictionary PropertyType, and the four a brokerage offers", () => {
    const produced = new Set(OFFERING_TYPES.flatMap((o) => [null, ...PROPERTY_TYPES].map((p) => resoPropertyType(o, p))));
    for (const value of produced) expect(RESO_PROPERTY_TYPE).toContain(value);
    expect([...produced].sort()).toEqual(["BusinessOpportunity", "CommercialLease", "CommercialSale", "Land"]);
    expect(resoPropertyType("Lease", "Office")).toBe("CommercialLease");
    expect(resoPropertyType("Sell/Lease", "Office")).toBe("CommercialSale");
    expect(resoPropertyType("Transfer", "Restaurant")).toBe("BusinessOpportunity");
    expect(resoPropertyType("Lease", "Land")).toBe("Land");
  });

  it("maps subtypes, lease periods, media and statuses to Data Dictionary values only", () => {
    for (const type of PROPERTY_TYPES) {
      const sub = PROPERTY_SUB_TYPE_OF[type];
      if (sub !== null) expect(RESO_PROPERTY_SUB_TYPE).toContain(sub);
    }
    for (const unit of LEASE_RATE_UNITS) expect(RESO_LEASE_AMOUNT_FREQUENCY).toContain(LEASE_FREQUENCY_OF[unit]);
    for (const kind of PHOTO_KINDS) expect(RESO_MEDIA_CATEGORY).toContain(MEDIA_CATEGORY_OF[kind]);
    for (const status of Object.values(STANDARD_STATUS_OF)) expect(RESO_STANDARD_STATUS).toContain(status);
    for (const stage of [null, ...DEAL_STAGES]) expect(RESO_STANDARD_STATUS).toContain(tombstoneStatus(stage));
    expect(STANDARD_STATUS_OF).toEqual({ active: "Active", underContract: "ActiveUnderContract", closed: "Closed" });
  });

  it("writes the Dictionary's values as it spells them", () => {
    // Spot checks against the Data Dictionary 2.0 lookups (OData enumeration names, no spaces).
    expect(RESO_STANDARD_STATUS).toEqual(expect.arrayContaining(["Active", "ActiveUnderContract", "Closed", "Withdrawn", "Pending", "ComingSoon"]));
    expect(RESO_LEASE_AMOUNT_FREQUENCY).toEqual(expect.arrayContaining(["Annually", "Monthly"]));
    expect(RESO_PROPERTY_SUB_TYPE).toEqual(expect.arrayContaining(["HotelMotel", "MixedUse", "MultiFamily", "UnimprovedLand", "Office", "Retail", "Industrial"]));
    for (const list of [RESO_STANDARD_STATUS, RESO_PROPERTY_TYPE, RESO_PROPERTY_SUB_TYPE, RESO_LEASE_AMOUNT_FREQUENCY, RESO_MEDIA_CATEGORY]) {
      for (const value of list) expect(value).toMatch(/^[A-Z][A-Za-z]+$/);
    }
  });
});
