// The Contacts page's filters run in the browser over the whole contact book (docs/guides/contacts-and-campaigns.md),
// so they must pick what GET /api/contacts picks for the same filter (server/features/contacts/data.ts):
// the search is a part of the name, email, company or phone without case; a tag matches without
// case; within a field any value matches, and every field given must match.
import type { Contact, ContactFilter } from "@shared/contacts";

/** A contact with what the filters compare, lowercased once when the book arrives rather than on every keystroke. */
export interface IndexedContact {
  contact: Contact;
  /** Name, email, company and phone, lowercased, one a line (a search never holds a line break). */
  text: string;
  tags: readonly string[];
}

const indexed = new WeakMap<readonly Contact[], IndexedContact[]>();

/** The book, page by page, made ready to filter; a page indexed before (the book grows a page at a time) is not indexed again. */
export function indexContacts(pages: readonly (readonly Contact[])[]): IndexedContact[] {
  return pages.flatMap((page) => {
    let done = indexed.get(page);
    if (!done) {
      done = page.map((contact) => ({
        contact,
        text: [contact.name, contact.email, contact.company ?? "", contact.phone ?? ""].join("\n").toLowerCase(),
        tags: contact.tags.map((t) => t.toLowerCase()),
      }));
      indexed.set(page, done);
    }
    return done;
  });
}

/** The contacts the filter keeps, in the book's order (newest first). */
export function filterContacts(book: readonly IndexedContact[], filter: ContactFilter): Contact[] {
  const q = filter.q?.trim().toLowerCase();
  const tags = filter.tags?.length ? filter.tags.map((t) => t.toLowerCase()) : null;
  const roles = filter.roles?.length ? filter.roles : null;
  const statuses = filter.statuses?.length ? filter.statuses : null;
  // Widened: a contact's interests are kept as plain strings.
  const propertyTypes: readonly string[] | null = filter.propertyTypes?.length ? filter.propertyTypes : null;
  const states: readonly string[] | null = filter.states?.length ? filter.states : null;
  const shown: Contact[] = [];
  for (const { contact, text, tags: own } of book) {
    if (q && !text.includes(q)) continue;
    if (tags && !own.some((t) => tags.includes(t))) continue;
    if (roles && !roles.includes(contact.role)) continue;
    if (statuses && !statuses.includes(contact.status)) continue;
    if (propertyTypes && !contact.interests.propertyTypes.some((t) => propertyTypes.includes(t))) continue;
    if (states && !contact.interests.states.some((s) => states.includes(s))) continue;
    shown.push(contact);
  }
  return shown;
}
