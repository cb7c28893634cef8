import { describe, expect, it } from "vitest";
import { SORT_DIRECTIONS, SORT_KEYS } from "@shared/listing-view-query";
import { DEFAULT_SORT, parseSortToken, sortToken } from "./listing-filters";
import { SORT_CHOICES } from "./sort-choices";

describe("the Sort menu and the URL's sort", () => {
  it("offers every key both ways, once each, so the menu reaches every sort a URL can name", () => {
    const tokens = SORT_CHOICES.map((choice) => sortToken(choice.sort));
    expect(new Set(tokens).size).toBe(tokens.length);
    expect(tokens.toSorted()).toEqual(SORT_KEYS.flatMap((key) => SORT_DIRECTIONS.map((direction) => `${key}-${direction}`)).toSorted());
  });

  it("reads back every choice from its token", () => {
    for (const { sort } of SORT_CHOICES) expect(parseSortToken(sortToken(sort))).toEqual(sort);
  });

  it("reads anything else as the default sort", () => {
    for (const token of [null, "", "price", "price-", "-asc", "price-up", "bogus-asc", "price-asc-desc", "PRICE-asc"]) {
      expect(parseSortToken(token), String(token)).toEqual(DEFAULT_SORT);
    }
  });
});
