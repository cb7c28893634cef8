// Text PostgreSQL cannot store, refused alike by the forms, the API and CSV import
// (docs/decisions/142-unstorable-characters.md): U+0000, which a text column rejects outright, and
// lone UTF-16 surrogates, which UTF-8 cannot encode (the driver would silently store U+FFFD).

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isStorableText = (text: string): boolean => !text.includes("\u0000") && !LONE_SURROGATE.test(text);

export const unstorableMessage = (field: string) => `${field} contains a character that can't be stored`;

/**
 * Fields as the forms label them, for the request-body check that runs before any schema
 * (server/http/json-body.ts); a field not listed is named by its API name.
 */
export const FIELD_LABELS: Readonly<Record<string, string>> = {
  listingName: "Listing Name",
  address: "Address",
  city: "City",
  state: "State",
  offeringType: "Offering Type",
  propertyDescription: "Property Description",
  marketingCategory: "Marketing Category",
  notes: "Notes",
  marketingCategoryReference: "Marketing Category Reference",
  marketingFlyerLink: "Marketing Flyer Link",
  looplinkLink: "Looplink Link",
  googleDriveLink: "Google Drive Link",
  dropboxLink: "Dropbox Link",
  imageUrl: "Image",
  agentId: "Agent",
  propertySubtype: "Property subtype",
  zoning: "Zoning",
  zip: "ZIP",
  name: "Name",
  email: "Email",
  phone: "Phone",
  content: "Note",
  title: "Title",
  description: "Description",
  comment: "Comment",
  username: "Username",
  password: "Password",
  token: "Invitation token",
  code: "Setup code",
};
