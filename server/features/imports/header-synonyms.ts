// What other tools call the listing fields (LoopNet scrapes, Crexi exports, Buildout, CRMs),
// by normalised header (csvHeaderKey: case, spaces, dashes and underscores ignored). The
// template's and export's own column names come first, from shared/csv-columns.ts.
import { CSV_COLUMN_FIELDS, csvHeaderKey, matchCsvColumn } from "../../../shared/csv-columns.js";
import { FIELD_LABELS } from "../../../shared/field-labels.js";
import { LISTING_IMPORT_FIELDS, type ImportTargetField } from "../../../shared/imports/targets.js";

const SYNONYMS: Record<ImportTargetField, string[]> = {
  listingName: ["Property Name", "Title", "Name", "Listing Title", "Building Name", "Property", "Listing"],
  address: ["Street", "Street Address", "Address Line 1", "Address 1", "Property Address", "Address1"],
  city: ["Town", "Municipality"],
  state: ["ST", "State Code", "Province", "Region"],
  offeringType: ["Status", "Listing Type", "Sale Type", "Transaction Type", "For Sale/Lease", "Offering", "Deal Type", "Sale or Lease"],
  propertyDescription: ["Description", "Details", "Summary", "Overview", "Highlights", "Property Highlights", "Listing Description"],
  marketingCategory: ["Category", "Marketing Tier", "Tier"],
  notes: ["Note", "Comments", "Comment", "Remarks", "Internal Notes"],
  marketingCategoryReference: ["Category Reference"],
  marketingFlyerLink: ["Flyer", "Flyer Link", "Flyer URL", "Brochure", "Brochure URL", "Brochure Link", "Marketing Flyer", "OM", "OM Link"],
  looplinkLink: ["Link", "URL", "Listing URL", "Listing Link", "Looplink", "LoopNet Link", "LoopNet URL", "Crexi Link", "Crexi URL", "Property URL", "Web Link", "Website"],
  googleDriveLink: ["Google Drive", "Drive Link"],
  dropboxLink: ["Dropbox"],
  agentId: ["Agent Name", "Broker", "Broker Name", "Listing Agent", "Listing Broker"],
  isActive: ["Active"],
  propertyType: ["Type", "Asset Type", "Property Use", "Use", "Asset Class", "Property Category"],
  propertySubtype: ["Subtype", "Sub Type", "Property Sub Type", "Secondary Type"],
  zip: ["ZIP", "Zip Code", "Postal Code", "Postcode", "ZIP5"],
  askingPrice: ["Price", "Sale Price", "Asking Price", "List Price", "Listing Price", "Sales Price"],
  leaseRate: ["Rent", "Rental Rate", "Asking Rent", "Rate", "Lease Price", "Asking Rate"],
  leaseRateUnit: ["Rate Unit", "Rent Unit"],
  leaseType: ["Lease Structure"],
  buildingSizeSf: ["Building Size", "RBA", "SF", "Square Feet", "Sq Ft", "SqFt", "Building SF", "Size", "GLA", "Total SF", "Total Building Size", "Gross Building Area"],
  availableSizeSf: ["Available Size", "Available SF", "Available Space", "Space Available", "Available Sq Ft"],
  lotSizeAcres: ["Lot Size", "Land Area", "Acres", "Acreage", "Lot Acres", "Land Size", "Lot Size (AC)", "Land (Acres)"],
  yearBuilt: ["Built", "Year Constructed", "Construction Year"],
  buildingClass: ["Class"],
  capRate: ["Cap Rate", "Cap", "Cap Rate %"],
  zoning: ["Zone", "Zoning Code"],
  dealStage: ["Stage", "Deal Status", "Pipeline Stage", "Listing Status", "Sale Status", "Property Status", "Market Status"],
  // Crexi calls the day a listing went live its activation date.
  listingDate: ["Date Listed", "List Date", "Listed", "Listed On", "On Market Date", "Activation Date", "Activated", "Activated On", "Date Activated", "Activation"],
  expirationDate: ["Expiration", "Expires", "Expiry", "Listing Expiration", "Expiration Date"],
  latitude: ["Lat"],
  longitude: ["Lng", "Lon", "Long"],
  cityState: ["City, State", "City/State", "City State", "Location", "Market", "City & State"],
  fullAddress: ["Full Address", "Complete Address", "Address (Full)", "Property Location"],
};

const BY_KEY = new Map<string, ImportTargetField>();
const add = (name: string, field: ImportTargetField) => {
  if (!BY_KEY.has(csvHeaderKey(name))) BY_KEY.set(csvHeaderKey(name), field);
};
// The API's own field names, the synonyms, then the screens' labels (the label "Status" of
// isActive loses to the exports' "Status", an offering type).
for (const field of LISTING_IMPORT_FIELDS) add(field, field);
for (const [field, names] of Object.entries(SYNONYMS) as [ImportTargetField, string[]][]) for (const name of names) add(name, field);
for (const field of LISTING_IMPORT_FIELDS) if (FIELD_LABELS[field]) add(FIELD_LABELS[field], field);

/** Whether a header is one of the template's own columns (our export's): its values are taken as they are. */
export const isTemplateColumn = (header: string) => matchCsvColumn(header) !== undefined && csvHeaderKey(header) !== "status";

/** The field a header names, if any: the template's columns first, then the synonyms. */
export function fieldForHeader(header: string): ImportTargetField | undefined {
  const column = matchCsvColumn(header);
  // "Status" is Deal Stage to the template's reader but Offering Type in exports: values decide.
  if (column && csvHeaderKey(header) !== "status") return CSV_COLUMN_FIELDS[column] as ImportTargetField;
  return BY_KEY.get(csvHeaderKey(header));
}
