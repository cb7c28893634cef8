CREATE TYPE "public"."building_class" AS ENUM('A', 'B', 'C');--> statement-breakpoint
CREATE TYPE "public"."deal_stage" AS ENUM('Proposal', 'Active', 'Under Contract', 'Closed', 'Withdrawn', 'Expired');--> statement-breakpoint
CREATE TYPE "public"."lease_rate_unit" AS ENUM('per SF/yr', 'per SF/mo', 'per month', 'per year');--> statement-breakpoint
CREATE TYPE "public"."lease_type" AS ENUM('NNN', 'Modified Gross', 'Full Service', 'Gross', 'Ground Lease');--> statement-breakpoint
CREATE TYPE "public"."property_type" AS ENUM('Retail', 'Office', 'Industrial', 'Flex', 'Multifamily', 'Land', 'Hospitality', 'Restaurant', 'Medical', 'Mixed Use', 'Special Purpose', 'Business');--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "property_type" "property_type";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "property_subtype" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "zip" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "asking_price" bigint;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "lease_rate" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "lease_rate_unit" "lease_rate_unit";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "lease_type" "lease_type";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "building_size_sf" integer;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "available_size_sf" integer;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "lot_size_acres" numeric(12, 3);--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "year_built" integer;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "building_class" "building_class";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "cap_rate" numeric(5, 2);--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "zoning" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "deal_stage" "deal_stage";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "listing_date" date;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "expiration_date" date;