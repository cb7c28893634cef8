import { describe, expect, it } from "vitest";
import { addressWithoutNoteLink, readNoteLink } from "./note-link-address";

describe("readNoteLink", () => {
  it("reads a listing id and a positive whole note id", () => {
    expect(readNoteLink("?listingId=abc&noteId=12&q=diner")).toEqual({ listingId: "abc", noteId: 12 });
  });

  it("names no note when either part is missing or malformed", () => {
    for (const search of ["", "?listingId=abc", "?noteId=3", "?listingId=&noteId=3", "?listingId=abc&noteId=0", "?listingId=abc&noteId=-2", "?listingId=abc&noteId=1.5", "?listingId=abc&noteId=x"]) {
      expect(readNoteLink(search), search).toBeNull();
    }
  });
});

describe("addressWithoutNoteLink", () => {
  it("drops only the note's parameters, and the '?' when nothing is left", () => {
    expect(addressWithoutNoteLink("/", { pathname: "/", search: "?q=diner&listingId=abc&noteId=12&sort=price-asc" })).toBe("/?q=diner&sort=price-asc");
    expect(addressWithoutNoteLink("/not-in-use", { pathname: "/not-in-use", search: "?listingId=abc&noteId=12" })).toBe("/not-in-use");
  });

  it("leaves the address alone once another page is showing", () => {
    expect(addressWithoutNoteLink("/", { pathname: "/team", search: "?listingId=abc&noteId=12" })).toBeNull();
  });
});
