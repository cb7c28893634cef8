CREATE TYPE "public"."location_precision" AS ENUM('rooftop', 'street', 'zip', 'manual');--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "location_precision" "location_precision";