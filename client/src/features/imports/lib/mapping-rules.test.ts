import { describe, expect, it } from "vitest";
import type { ImportMapping } from "@shared/imports/wire";
import {
  columnsHoldCityState,
  coveredFields,
  emptyMappedColumns,
  fieldsNeedingDefault,
  fieldsWithUnlistedValues,
  mappingProblems,
  nameFromAddress,
  repeatedTargets,
} from "./mapping-rules";

// A LoopNet-like file: a title, a combined address, a price and a status column.
const LOOPNET: ImportMapping = ["listingName", "fullAddress", "askingPrice", "offeringType", null];

describe("the wizard's mapping checks", () => {
  it("counts a combined column for every field it is split into", () => {
    expect([...coveredFields(LOOPNET)].sort()).toEqual(["address", "askingPrice", "city", "listingName", "offeringType", "state", "zip"]);
    expect([...coveredFields(["cityState"])].sort()).toEqual(["city", "state"]);
  });

  it("flags a field chosen for two columns, with both positions", () => {
    const mapping: ImportMapping = ["askingPrice", "city", "askingPrice", null];
    expect([...repeatedTargets(mapping)]).toEqual([["askingPrice", [0, 2]]]);
    const problems = mappingProblems(mapping, { address: "1 Main St", state: "WV", offeringType: "Sell", propertyDescription: "x", marketingCategory: "Single" });
    expect(problems).toEqual([
      { field: "askingPrice", message: "Asking Price is chosen for 2 columns (column 1, column 3). Choose it for one column only." },
    ]);
  });

  it("asks a default for each required field no column holds, but never for Listing Name", () => {
    expect(fieldsNeedingDefault(LOOPNET, {})).toEqual(["propertyDescription", "marketingCategory"]);
    expect(fieldsNeedingDefault(LOOPNET, { propertyDescription: "  ", marketingCategory: "Single" })).toEqual(["propertyDescription"]);
    expect(fieldsNeedingDefault([null, null], {})).toEqual(["address", "city", "state", "offeringType", "propertyDescription", "marketingCategory"]);
    expect(mappingProblems(LOOPNET, {}).map((p) => p.message)).toEqual([
      "Property Description is required and no column holds it: give it a default.",
      "Marketing Category is required and no column holds it: give it a default.",
    ]);
    expect(mappingProblems(LOOPNET, { propertyDescription: "Listed on LoopNet", marketingCategory: "Single" })).toEqual([]);
  });

  it("names listings after their street address when Listing Name has no column and no default", () => {
    expect(nameFromAddress(LOOPNET, {})).toBe(false);
    expect(nameFromAddress([null, "fullAddress"], {})).toBe(true);
    expect(nameFromAddress([null, "fullAddress"], { listingName: " " })).toBe(true);
    expect(nameFromAddress([null, "fullAddress"], { listingName: "Imported" })).toBe(false);
  });

  it("knows which enumerated fields' values the server has not listed yet", () => {
    const listed: ImportMapping = ["offeringType", "city", null];
    expect(fieldsWithUnlistedValues(listed, listed)).toEqual([]);
    // Offering Type moved to another column, Property Type is new, a text field does not count.
    expect(fieldsWithUnlistedValues([null, "zoning", "offeringType", "propertyType"], listed)).toEqual([
      "offeringType",
      "propertyType",
    ]);
    // A "City, State" column brings State's values with it.
    expect(fieldsWithUnlistedValues(["offeringType", "cityState", null], listed)).toEqual(["state"]);
  });

  it("counts City and State read from a link column as held, only while no column of their own holds them", () => {
    const streetAndLink: ImportMapping = ["listingName", "address", "looplinkLink"];
    const defaults = { offeringType: "Sell", propertyDescription: "x", marketingCategory: "Single" };
    expect(fieldsNeedingDefault(streetAndLink, defaults)).toEqual(["city", "state"]);
    expect(fieldsNeedingDefault(streetAndLink, defaults, 2)).toEqual([]);
    expect(mappingProblems(streetAndLink, defaults, 2)).toEqual([]);
    expect(columnsHoldCityState(streetAndLink)).toBe(false);
    expect(columnsHoldCityState([...streetAndLink, "cityState"])).toBe(true);
  });

  it("warns of mapped columns that are empty in every row (a Crexi search export's Address, City and State)", () => {
    const columns = [
      { index: 0, header: "Property Name", samples: ["Dauphin Plaza", "Harbor Office"], filled: 2 },
      { index: 1, header: "Address", samples: [], filled: 0 },
      { index: 2, header: "City", samples: [], filled: 0 },
      { index: 3, header: "State", samples: [], filled: 0 },
      { index: 4, header: "Notes", samples: [], filled: 0 },
    ];
    const mapping: ImportMapping = ["listingName", "address", "city", "state", null];
    expect(emptyMappedColumns(columns, mapping).map((c) => c.header)).toEqual(["Address", "City", "State"]);
  });
});
