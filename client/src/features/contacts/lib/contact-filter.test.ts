import { describe, expect, it } from "vitest";
import { NO_INTERESTS, type Contact } from "@shared/contacts";
import { filterContacts, indexContacts } from "./contact-filter";

let nextId = 1;
const contact = (over: Partial<Contact>): Contact => ({
  id: nextId++,
  name: "Someone",
  email: `someone${nextId}@example.com`,
  phone: null,
  company: null,
  role: "other",
  tags: [],
  interests: NO_INTERESTS,
  consent: "unknown",
  status: "subscribed",
  source: "manual",
  createdAt: "2026-11-29T06:00:00.000Z",
  version: 1,
  ...over,
});

const morgan = contact({ name: "Morgan Hale", email: "mhale@summit.example", company: "Summit Capital", phone: "(304) 555-0101", role: "principal", tags: ["Investor", "1031"] });
const riley = contact({ name: "Riley Sutton", company: "Harbor Point", role: "broker", tags: ["tenant-rep"], status: "unsubscribed", interests: { ...NO_INTERESTS, propertyTypes: ["Industrial"], states: ["WV"] } });
const avery = contact({ name: "Avery Nolan", phone: "(304) 555-0199", tags: ["investor"], interests: { ...NO_INTERESTS, propertyTypes: ["Retail"], states: ["OH"] } });
const book = indexContacts([[morgan, riley], [avery]]);
const names = (f: Parameters<typeof filterContacts>[1]) => filterContacts(book, f).map((c) => c.name);

describe("the Contacts page's filter", () => {
  it("keeps everyone, in the book's order, when nothing is asked", () => {
    expect(names({})).toEqual(["Morgan Hale", "Riley Sutton", "Avery Nolan"]);
  });

  it("searches a part of the name, email, company or phone without case", () => {
    expect(names({ q: "SUMMIT" })).toEqual(["Morgan Hale"]);
    expect(names({ q: "harbor" })).toEqual(["Riley Sutton"]);
    expect(names({ q: "555-01" })).toEqual(["Morgan Hale", "Avery Nolan"]);
    expect(names({ q: "  nolan " })).toEqual(["Avery Nolan"]);
    // Not across two fields: the name's end and the email's start are not one text.
    expect(names({ q: "halemhale" })).toEqual([]);
  });

  it("matches a tag without case, any of several values, and every field together", () => {
    expect(names({ tags: ["INVESTOR"] })).toEqual(["Morgan Hale", "Avery Nolan"]);
    expect(names({ tags: ["1031", "tenant-rep"] })).toEqual(["Morgan Hale", "Riley Sutton"]);
    expect(names({ tags: ["investor"], roles: ["principal"] })).toEqual(["Morgan Hale"]);
    expect(names({ statuses: ["unsubscribed"] })).toEqual(["Riley Sutton"]);
    expect(names({ statuses: ["subscribed"], q: "riley" })).toEqual([]);
  });

  it("reads property types and states from the interests", () => {
    expect(names({ propertyTypes: ["Industrial", "Office"] })).toEqual(["Riley Sutton"]);
    expect(names({ states: ["OH"] })).toEqual(["Avery Nolan"]);
    expect(names({ states: ["OH"], propertyTypes: ["Industrial"] })).toEqual([]);
  });
});
