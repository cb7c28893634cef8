// A contact as the API shows it, from its row, and its interests as stored.
import { hasNoInterests, NO_INTERESTS, type Contact, type ContactInterests } from "../../../shared/contacts.js";
import type { ContactRow } from "./data.js";

/** The interests in one key order (jsonb keeps its own), so two equal ones compare equal. */
export const inOrder = (i: ContactInterests): ContactInterests => ({
  propertyTypes: i.propertyTypes,
  states: i.states,
  minPrice: i.minPrice,
  maxPrice: i.maxPrice,
  minSize: i.minSize,
  maxSize: i.maxSize,
  offeringTypes: i.offeringTypes,
});

/** Interests as stored: null when the contact said nothing, so "no interests" is one value. */
export const storedInterests = (i: ContactInterests): ContactInterests | null => (hasNoInterests(i) ? null : inOrder(i));

export function toContact(row: NonNullable<ContactRow>): Contact {
  return { ...row, interests: row.interests ? inOrder(row.interests) : NO_INTERESTS, createdAt: row.createdAt.toISOString() };
}

