-- The import wizard's staged values become typed columns named and typed as in listings
-- (docs/decisions/213): the commit inserts them as they are instead of parsing each row's json.
-- Rows of previews still staged keep their values; committed and undone imports never read
-- them again (undo reads "before" and "written_version").
ALTER TABLE "import_rows" ADD COLUMN "listing_name" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "address" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "city" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "state" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "offering_type" "offering_type";--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "property_description" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "marketing_category" "marketing_category";--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "notes" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "marketing_category_reference" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "marketing_flyer_link" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "looplink_link" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "google_drive_link" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "dropbox_link" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "agent_id" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "is_active" boolean;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "property_type" "property_type";--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "property_subtype" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "zip" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "asking_price" bigint;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "lease_rate" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "lease_rate_unit" "lease_rate_unit";--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "lease_type" "lease_type";--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "building_size_sf" integer;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "available_size_sf" integer;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "lot_size_acres" numeric(12, 3);--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "year_built" integer;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "building_class" "building_class";--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "cap_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "zoning" text;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "deal_stage" "deal_stage";--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "listing_date" date;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "expiration_date" date;--> statement-breakpoint
UPDATE "import_rows" r SET ("listing_name", "address", "city", "state", "offering_type", "property_description", "marketing_category", "notes", "marketing_category_reference", "marketing_flyer_link", "looplink_link", "google_drive_link", "dropbox_link", "agent_id", "is_active", "property_type", "property_subtype", "zip", "asking_price", "lease_rate", "lease_rate_unit", "lease_type", "building_size_sf", "available_size_sf", "lot_size_acres", "year_built", "building_class", "cap_rate", "zoning", "deal_stage", "listing_date", "expiration_date") = (SELECT v."listingName", v."address", v."city", v."state", v."offeringType", v."propertyDescription", v."marketingCategory", v."notes", v."marketingCategoryReference", v."marketingFlyerLink", v."looplinkLink", v."googleDriveLink", v."dropboxLink", v."agentId", v."isActive", v."propertyType", v."propertySubtype", v."zip", v."askingPrice", v."leaseRate", v."leaseRateUnit", v."leaseType", v."buildingSizeSf", v."availableSizeSf", v."lotSizeAcres", v."yearBuilt", v."buildingClass", v."capRate", v."zoning", v."dealStage", v."listingDate", v."expirationDate" FROM json_to_record(r."values") AS v("listingName" text, "address" text, "city" text, "state" text, "offeringType" "offering_type", "propertyDescription" text, "marketingCategory" "marketing_category", "notes" text, "marketingCategoryReference" text, "marketingFlyerLink" text, "looplinkLink" text, "googleDriveLink" text, "dropboxLink" text, "agentId" text, "isActive" boolean, "propertyType" "property_type", "propertySubtype" text, "zip" text, "askingPrice" bigint, "leaseRate" numeric(12, 2), "leaseRateUnit" "lease_rate_unit", "leaseType" "lease_type", "buildingSizeSf" integer, "availableSizeSf" integer, "lotSizeAcres" numeric(12, 3), "yearBuilt" integer, "buildingClass" "building_class", "capRate" numeric(5, 2), "zoning" text, "dealStage" "deal_stage", "listingDate" date, "expirationDate" date))
WHERE r."values" IS NOT NULL AND r."import_id" IN (SELECT "id" FROM "imports" WHERE "status" = 'staged');--> statement-breakpoint
ALTER TABLE "import_rows" DROP COLUMN "values";
