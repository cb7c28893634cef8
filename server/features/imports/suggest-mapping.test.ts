// The wizard's column suggestions read the values as much as the headers, with LoopNet- and
// Crexi-shaped files (values made up).
import { describe, expect, it } from "vitest";
import { cityStateFrom, cityStateFromLink } from "./city-state-from.js";
import { LOOPNET_SEARCH_HEADER, LOOPNET_SEARCH_ROWS } from "./import-fixtures.js";
import { cityStateSources, isOneSite, suggestMapping } from "./suggest-mapping.js";

const rowsOf = (cells: string[][]) => cells.map((c) => ({ cells: c }));

// A LoopNet saved-search export (import-fixtures.ts).
const LOOPNET_HEADER = LOOPNET_SEARCH_HEADER;
const LOOPNET_ROWS = rowsOf(LOOPNET_SEARCH_ROWS);

describe("suggestions from the values", () => {
  it("reads LoopNet's Address of street, city and state as a full address, numbered or not", () => {
    expect(suggestMapping(LOOPNET_HEADER, LOOPNET_ROWS)[1]).toBe("fullAddress");
  });

  it("leaves a column that links every row to one site (the agency's website) unmapped, and keeps per-listing links", () => {
    const mapping = suggestMapping(LOOPNET_HEADER, LOOPNET_ROWS);
    expect(mapping[5]).toBe("looplinkLink");
    expect(mapping[6]).toBeNull();
    // Without the Listing URL column, the website is still no flyer link nor LoopNet link.
    const noListingUrl = suggestMapping(["Address", "Broker Site"], rowsOf(LOOPNET_ROWS.map((r) => [r.cells[1], r.cells[6]])));
    expect(noListingUrl).toEqual(["fullAddress", null]);
    expect(isOneSite(LOOPNET_ROWS.map((r) => r.cells[5]))).toBe(false);
    expect(isOneSite(["https://gulfcoastcre.example/listings/1", "https://gulfcoastcre.example/listings/2"])).toBe(false);
    expect(isOneSite(["https://www.gulfcoastcre.example"])).toBe(true);
  });

  it("takes a column of distinct short texts beside the address as the name, in any script", () => {
    const header = ["Название", "Address", "Тип", "Price"];
    const rows = rowsOf([
      ["Бизнес-центр Восток", "54 Dauphin St, Mobile, AL", "Офис", "$650,000"],
      ["Склад на Пристани", "7 Water St, Fairhope, AL", "Склад", "$2,400,000"],
      ["Торговый двор", "1200 Government St, Mobile, AL", "Офис", "$900,000"],
    ]);
    expect(suggestMapping(header, rows)).toEqual(["listingName", "fullAddress", null, "askingPrice"]);
  });

  it("does not take a repeated type column beside the address as names, nor override a named name column", () => {
    const rows = rowsOf([
      ["Retail", "54 Dauphin St, Mobile, AL", "Gulf Plaza"],
      ["Retail", "7 Water St, Fairhope, AL", "Bay Corner"],
      ["Office", "1200 Government St, Mobile, AL", "Tower One"],
    ]);
    expect(suggestMapping(["Kind", "Address", "Extra"], rowsOf([rows[0].cells, rows[1].cells, ["Retail", "9 Oak St, Mobile, AL", "Pier"]]))).toEqual([
      null,
      "fullAddress",
      "listingName",
    ]);
    expect(suggestMapping(["Kind", "Address", "Property Name"], rows)).toEqual([null, "fullAddress", "listingName"]);
  });

  it("keeps a Crexi export's columns as its headers say", () => {
    const header = ["Property Name", "Address", "City", "State", "Zip", "Asking Price", "Property Link"];
    const rows = rowsOf([
      ["Dauphin Plaza", "54-56 Saint Emanuel St", "Mobile", "AL", "36602", "$489,000", "https://www.crexi.com/properties/812345/alabama-dauphin-plaza"],
      ["Harbor Office", "7 High St", "Morgantown", "WV", "26505", "$1,100,000", "https://www.crexi.com/properties/812346/west-virginia-harbor-office"],
    ]);
    expect(suggestMapping(header, rows)).toEqual(["listingName", "address", "city", "state", "zip", "askingPrice", "looplinkLink"]);
    expect(cityStateSources(rows, suggestMapping(header, rows))).toEqual([]);
  });
});

describe("City and State from links and full addresses", () => {
  it("reads them off a LoopNet link, with or without the row's street", () => {
    expect(cityStateFromLink("https://www.loopnet.com/Listing/123-Main-St-Mobile-AL/12345678/")).toEqual({ city: "Mobile", state: "AL" });
    expect(cityStateFromLink("https://www.loopnet.com/Listing/500-Dauphin-Island-Pkwy-Mobile-AL/1/")).toEqual({ city: "Mobile", state: "AL" });
    expect(cityStateFromLink("https://www.loopnet.com/Listing/Mobile-AL/12345678/")).toEqual({ city: "Mobile", state: "AL" });
    expect(cityStateFromLink("https://www.loopnet.com/Listing/9-Oak-Court-West-Palm-Beach-FL/2/")).toEqual({ city: "West Palm Beach", state: "FL" });
    // The row's street tells where the city starts when the slug has no street word.
    expect(cityStateFromLink("https://www.loopnet.com/Listing/1-Broadway-Saint-Louis-MO/3/", "1 Broadway")).toEqual({ city: "Saint Louis", state: "MO" });
    expect(cityStateFromLink("https://www.crexi.com/properties/812345/alabama-dauphin-plaza")).toBeNull();
    expect(cityStateFromLink("https://www.loopnet.com/Listing/1-Broadway/3/")).toBeNull();
    expect(cityStateFrom("54 Dauphin St, Mobile, AL 36602")).toEqual({ city: "Mobile", state: "AL" });
    expect(cityStateFrom("Retail building")).toBeNull();
  });

  it("offers the link column when the file has a street but no City or State", () => {
    const header = ["Property Name", "Street", "Price", "Link"];
    const rows = rowsOf([
      ["Gulf Plaza", "54 Dauphin St", "$650,000", "https://www.loopnet.com/Listing/54-Dauphin-St-Mobile-AL/31234567/"],
      ["Bay Corner", "7 Water St", "$2,400,000", "https://www.loopnet.com/Listing/7-Water-St-Fairhope-AL/31234571/"],
    ]);
    const mapping = suggestMapping(header, rows);
    expect(mapping).toEqual(["listingName", "address", "askingPrice", "looplinkLink"]);
    expect(cityStateSources(rows, mapping)).toEqual([{ column: 3, example: "Mobile, AL" }]);
  });
});
