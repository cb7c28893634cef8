// The feed's JSON Schema (draft 2020-12), published at /feeds/listings.schema.json; the tests
// validate real feed output against it. Enumerations come from reso.ts, so the schema and the
// mapping cannot disagree.
import { FEED_SCHEMA_PATH } from "../../../shared/feed.js";
import { SPACE_LEASE_TYPES, SPACE_RATE_UNITS } from "../../../shared/space-choices.js";
import {
  RESO_LEASE_AMOUNT_FREQUENCY,
  RESO_MEDIA_CATEGORY,
  RESO_PROPERTY_SUB_TYPE,
  RESO_PROPERTY_TYPE,
  STANDARD_STATUS_OF,
  X_LEASE_RATE_UNITS,
  X_SPACE_STATUSES,
} from "./reso.js";

const nullable = (schema: Record<string, unknown>) => ({ anyOf: [schema, { type: "null" }] });
const text = { type: "string" };
const number = { type: "number" };
const timestamp = { type: "string", format: "date-time" };
const described = (description: string, schema: Record<string, unknown>) => ({ ...schema, description });

const media = {
  type: "object",
  additionalProperties: false,
  required: ["MediaKey", "MediaURL", "MediaCategory", "Order", "PreferredPhotoYN", "MediaModificationTimestamp"],
  properties: {
    MediaKey: text,
    MediaURL: described("The public page's re-encoded copy (1600 px wide; ?w=320 and ?w=600 are served too); never the original.", { type: "string", format: "uri" }),
    MediaCategory: { enum: [...RESO_MEDIA_CATEGORY] },
    Order: { type: "integer", minimum: 1 },
    PreferredPhotoYN: { type: "boolean" },
    MediaModificationTimestamp: timestamp,
  },
};

const space = {
  type: "object",
  additionalProperties: false,
  description: "Extension: a suite on offer in a lease listing. Leased suites are left out; pending ones are in, marked Pending.",
  required: ["Suite", "Floor", "AreaSF", "MinDivisibleSF", "RateAmount", "RateUnit", "LeaseType", "AvailableDate", "Status"],
  properties: {
    Suite: text,
    Floor: nullable(text),
    AreaSF: described("The suite's area in square feet.", { type: "integer", minimum: 1 }),
    MinDivisibleSF: described("The smallest part of the suite leased on its own, in square feet.", nullable({ type: "integer", minimum: 1 })),
    RateAmount: described("The asking rate as quoted, per RateUnit; null when not published.", nullable({ type: "number", minimum: 0 })),
    RateUnit: described("SF/yr and SF/mo are per square foot; month and year are the whole suite's rent per period.", { enum: [...SPACE_RATE_UNITS] }),
    LeaseType: nullable({ enum: [...SPACE_LEASE_TYPES] }),
    AvailableDate: described("The day the suite can be occupied (YYYY-MM-DD); null when now or not told.", nullable({ type: "string", format: "date" })),
    Status: { enum: [...X_SPACE_STATUSES] },
  },
};

const property = {
  type: "object",
  additionalProperties: false,
  required: [
    "ListingKey", "ListingId", "StandardStatus", "PropertyType", "PropertySubType", "ListPrice", "LeaseAmount", "LeaseAmountFrequency", "CapRate",
    "NetOperatingIncome", "BuildingAreaTotal", "BuildingAreaUnits", "LotSizeAcres", "Zoning", "YearBuilt", "UnparsedAddress", "City", "StateOrProvince",
    "PostalCode", "Latitude", "Longitude", "InternetAddressDisplayYN", "PublicRemarks", "ListAgentFullName", "ListAgentEmail", "ListOfficeName",
    "ModificationTimestamp", "Media", "X_LeaseRatePerSquareFoot", "X_LeaseRateUnit", "X_ListingURL", "X_Spaces",
  ],
  properties: {
    ListingKey: text,
    ListingId: text,
    StandardStatus: { enum: Object.values(STANDARD_STATUS_OF) },
    PropertyType: { enum: [...RESO_PROPERTY_TYPE] },
    PropertySubType: nullable({ enum: [...RESO_PROPERTY_SUB_TYPE] }),
    ListPrice: nullable(number),
    LeaseAmount: described("Money per LeaseAmountFrequency period; a per-SF rate times the available (else building) area.", nullable(number)),
    LeaseAmountFrequency: nullable({ enum: [...RESO_LEASE_AMOUNT_FREQUENCY] }),
    CapRate: nullable(number),
    NetOperatingIncome: described("ListPrice × CapRate, when both are known.", nullable(number)),
    BuildingAreaTotal: nullable(number),
    BuildingAreaUnits: nullable({ enum: ["SquareFeet"] }),
    LotSizeAcres: nullable(number),
    Zoning: nullable(text),
    YearBuilt: nullable({ type: "integer" }),
    UnparsedAddress: described("The street line; null when InternetAddressDisplayYN is false.", nullable(text)),
    City: text,
    StateOrProvince: text,
    PostalCode: nullable(text),
    Latitude: described("Null when InternetAddressDisplayYN is false.", nullable(number)),
    Longitude: described("Null when InternetAddressDisplayYN is false.", nullable(number)),
    InternetAddressDisplayYN: { type: "boolean" },
    PublicRemarks: text,
    ListAgentFullName: nullable(text),
    ListAgentEmail: nullable(text),
    ListOfficeName: nullable(text),
    ModificationTimestamp: timestamp,
    Media: { type: "array", items: { $ref: "#/$defs/Media" } },
    X_LeaseRatePerSquareFoot: described("Extension: a lease rate quoted per square foot, as quoted; null otherwise.", nullable(number)),
    X_LeaseRateUnit: described("Extension: the per-SF rate's unit.", nullable({ enum: [...X_LEASE_RATE_UNITS] })),
    X_ListingURL: described("Extension: the listing's public page.", { type: "string", format: "uri" }),
    X_Spaces: described("Extension: a lease listing's available and pending spaces (suites), in the order the team added them; empty otherwise.", {
      type: "array",
      items: { $ref: "#/$defs/Space" },
    }),
  },
};

const tombstone = {
  type: "object",
  additionalProperties: false,
  description: "A listing that left the feed (answered to ?since= for 30 days).",
  required: ["ListingKey", "ListingId", "StandardStatus", "ModificationTimestamp"],
  properties: {
    ListingKey: text,
    ListingId: text,
    StandardStatus: { enum: ["Closed", "Withdrawn"] },
    ModificationTimestamp: timestamp,
  },
};

export const FEED_JSON_SCHEMA = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  $id: FEED_SCHEMA_PATH,
  title: "Listings feed (RESO Web API JSON, Data Dictionary 2.0 names)",
  type: "object",
  additionalProperties: false,
  required: ["@odata.context", "value"],
  properties: {
    "@odata.context": text,
    value: { type: "array", maxItems: 200, items: { oneOf: [{ $ref: "#/$defs/Property" }, { $ref: "#/$defs/Tombstone" }] } },
    "@odata.nextLink": { type: "string", format: "uri" },
  },
  $defs: { Property: property, Media: media, Space: space, Tombstone: tombstone },
} as const;
