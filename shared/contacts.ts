// Contacts: the people the brokerage keeps in touch with. A contact is a lead (one table, one
// idea: docs/guides/contacts-and-campaigns.md): an inquiry makes one, a person adds one, an import
// brings many. Their status and consent are what the campaigns read before they send.
import { z } from "zod";
import { OFFERING_TYPES, STATE_CODES } from "./enumerations.js";
import { INQUIRER_ROLES, type InquirerRole, type LeadSource } from "./leads.js";
import { PROPERTY_TYPES } from "./listing-fact-choices.js";

/** Whether mail may go to the contact: only "subscribed" receives campaigns. */
export const CONTACT_STATUSES = ["subscribed", "unsubscribed", "bounced", "complained"] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];
/** The statuses nothing but the person (or their mail server) sets, and no import undoes. */
export const SUPPRESSED_STATUSES: readonly ContactStatus[] = ["unsubscribed", "bounced", "complained"];

/** On what ground the brokerage may mail the contact. */
export const CONSENTS = ["opted-in", "business-relationship", "unknown"] as const;
export type Consent = (typeof CONSENTS)[number];

export const CONTACTS_PAGE_SIZE = 100;
export const CONTACTS_PAGE_MAX = 500;
const MAX_TAGS = 30;
const MAX_NAME = 200;

/** What listings a contact wants to hear of; a field left empty accepts anything. */
export interface ContactInterests {
  propertyTypes: string[];
  states: string[];
  minPrice: number | null;
  maxPrice: number | null;
  minSize: number | null;
  maxSize: number | null;
  offeringTypes: string[];
}
export const NO_INTERESTS: ContactInterests = { propertyTypes: [], states: [], minPrice: null, maxPrice: null, minSize: null, maxSize: null, offeringTypes: [] };

/** Whether the contact said nothing at all about what they want (then no listing matches them). */
export const hasNoInterests = (i: ContactInterests): boolean =>
  i.propertyTypes.length + i.states.length + i.offeringTypes.length === 0 && [i.minPrice, i.maxPrice, i.minSize, i.maxSize].every((v) => v === null);

const amount = (label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .int(`${label} must be a whole number`)
    .min(0, `${label} cannot be negative`)
    .max(1e12, `${label} is too large`)
    .nullable()
    .default(null);
const choices = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z
    .array(z.enum(values, { error: `${label} must be among ${values.join(", ")}` }), { error: `${label} must be a list` })
    .max(values.length)
    .default([])
    .transform((list) => [...new Set(list)]);

export const interestsSchema = z
  .strictObject({
    propertyTypes: choices(PROPERTY_TYPES, "Property types"),
    states: choices(STATE_CODES, "States"),
    minPrice: amount("Minimum price"),
    maxPrice: amount("Maximum price"),
    minSize: amount("Minimum size"),
    maxSize: amount("Maximum size"),
    offeringTypes: choices(OFFERING_TYPES, "Offering types"),
  })
  .refine((i) => i.minPrice === null || i.maxPrice === null || i.minPrice <= i.maxPrice, { message: "The minimum price is above the maximum", path: ["minPrice"] })
  .refine((i) => i.minSize === null || i.maxSize === null || i.minSize <= i.maxSize, { message: "The minimum size is above the maximum", path: ["minSize"] });

const text = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, `${label} can be at most ${max} characters`);
const optionalText = (max: number, label: string) =>
  z
    .union([text(max, label), z.null()])
    .optional()
    .transform((v) => (v ? v : null));
/** Tags are compared without case: "Investor" and "investor" are one tag, kept as first written. */
export const tagsSchema = z
  .array(text(40, "A tag").min(1, "A tag cannot be empty"), { error: "Tags must be a list" })
  .max(MAX_TAGS, `At most ${MAX_TAGS} tags`)
  .transform((tags) => [...new Map(tags.map((t) => [t.toLowerCase(), t])).values()]);

export const contactEmail = text(254, "Email").pipe(z.email({ error: "Please enter a valid email address" }));

export const contactCreateSchema = z.strictObject({
  name: text(MAX_NAME, "Name").min(1, "Please enter a name"),
  email: contactEmail,
  phone: optionalText(40, "Phone"),
  company: optionalText(MAX_NAME, "Company"),
  role: z.enum(INQUIRER_ROLES, { error: "Choose principal, broker, tenant or other" }).default("other"),
  tags: tagsSchema.default([]),
  interests: interestsSchema.default({ propertyTypes: [], states: [], minPrice: null, maxPrice: null, minSize: null, maxSize: null, offeringTypes: [] }),
  consent: z.enum(CONSENTS, { error: `Consent must be one of ${CONSENTS.join(", ")}` }).default("unknown"),
  status: z.enum(CONTACT_STATUSES, { error: `Status must be one of ${CONTACT_STATUSES.join(", ")}` }).default("subscribed"),
});
export type ContactCreate = z.output<typeof contactCreateSchema>;

export const contactPatchSchema = z.strictObject({
  name: text(MAX_NAME, "Name").min(1, "Name cannot be empty").optional(),
  email: contactEmail.optional(),
  phone: optionalText(40, "Phone").optional(),
  company: optionalText(MAX_NAME, "Company").optional(),
  role: z.enum(INQUIRER_ROLES, { error: "Choose principal, broker, tenant or other" }).optional(),
  tags: tagsSchema.optional(),
  interests: interestsSchema.optional(),
  consent: z.enum(CONSENTS, { error: `Consent must be one of ${CONSENTS.join(", ")}` }).optional(),
  status: z.enum(CONTACT_STATUSES, { error: `Status must be one of ${CONTACT_STATUSES.join(", ")}` }).optional(),
});
export type ContactPatch = z.output<typeof contactPatchSchema>;

/**
 * Which contacts: the Contacts page's filters, and what a saved segment keeps. Within a field any
 * value matches; the fields together must all match.
 */
export const contactFilterSchema = z.strictObject({
  q: text(200, "Search").optional(),
  tags: z.array(text(40, "A tag")).max(MAX_TAGS).optional(),
  roles: z.array(z.enum(INQUIRER_ROLES, { error: "Choose principal, broker, tenant or other" })).optional(),
  statuses: z.array(z.enum(CONTACT_STATUSES, { error: `Status must be one of ${CONTACT_STATUSES.join(", ")}` })).optional(),
  propertyTypes: z.array(z.enum(PROPERTY_TYPES, { error: "Unknown property type" })).optional(),
  states: z.array(z.enum(STATE_CODES, { error: "Unknown state" })).optional(),
});
export type ContactFilter = z.output<typeof contactFilterSchema>;

export interface Contact {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  company: string | null;
  role: InquirerRole;
  tags: string[];
  interests: ContactInterests;
  consent: Consent;
  status: ContactStatus;
  source: LeadSource;
  createdAt: string;
  /** The lead's version: GET's ETag, sent back in If-Match (the same tag as the lead's). */
  version: number;
}

export const contactListSchema = z.strictObject({ name: text(100, "Name").min(1, "Please name the list") });
export const contactSegmentSchema = z.strictObject({ name: text(100, "Name").min(1, "Please name the segment"), filter: contactFilterSchema });
export const membersSchema = z.strictObject({
  contactIds: z.array(z.number({ error: "contactIds must be contact ids" }).int().positive(), { error: "Send contactIds" }).min(1, "Send at least one contact").max(5000, "At most 5,000 contacts at once"),
});

export interface ContactList {
  id: number;
  name: string;
  memberCount: number;
  createdAt: string;
}
export interface ContactSegment {
  id: number;
  name: string;
  filter: ContactFilter;
  createdAt: string;
}
