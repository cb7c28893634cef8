CREATE TYPE "public"."photo_kind" AS ENUM('photo', 'floorPlan', 'sitePlan', 'aerial', 'map', 'other');--> statement-breakpoint
CREATE TABLE "listing_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" text NOT NULL,
	"url" text NOT NULL,
	"kind" "photo_kind" DEFAULT 'photo' NOT NULL,
	"caption" text DEFAULT '' NOT NULL,
	"position" integer NOT NULL,
	"is_cover" boolean DEFAULT false NOT NULL,
	"width" integer,
	"height" integer,
	"source_url" text,
	"rights_confirmed" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_id" integer
);
--> statement-breakpoint
ALTER TABLE "uploaded_objects" ADD COLUMN "width" integer;--> statement-breakpoint
ALTER TABLE "uploaded_objects" ADD COLUMN "height" integer;--> statement-breakpoint
ALTER TABLE "uploaded_objects" ADD COLUMN "source_url" text;--> statement-breakpoint
ALTER TABLE "listing_photos" ADD CONSTRAINT "listing_photos_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_photos" ADD CONSTRAINT "listing_photos_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_photos_order_idx" ON "listing_photos" USING btree ("listing_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "listing_photos_one_cover_idx" ON "listing_photos" USING btree ("listing_id") WHERE "listing_photos"."is_cover";--> statement-breakpoint
CREATE INDEX "listing_photos_url_idx" ON "listing_photos" USING btree ("url");--> statement-breakpoint
-- Images the server pulled from a flyer before this migration were recorded only in the audit log
-- (flyer.image-extracted): their uploads learn the flyer link they came from.
UPDATE "uploaded_objects" o SET "source_url" = e."data"->>'flyerUrl'
FROM "audit_events" e
WHERE e."kind" = 'flyer.image-extracted' AND e."data"->>'imageUrl' = '/api/objects/images/' || o."key";--> statement-breakpoint
-- Every listing with an image gets a one-photo gallery with it as the cover
-- (docs/decisions/250-photo-gallery.md). Rights (docs/decisions/251-image-rights.md): an upload is
-- the team's own; an image pulled from a flyer, or an address elsewhere, waits for a person to confirm.
INSERT INTO "listing_photos" ("listing_id", "url", "kind", "caption", "position", "is_cover", "source_url", "rights_confirmed", "created_at", "created_by_id")
SELECT l."id", l."image_url", 'photo', '', 0, true,
  CASE WHEN o."key" IS NULL THEN l."image_url" ELSE o."source_url" END,
  o."key" IS NOT NULL AND o."source_url" IS NULL,
  l."updated_at", NULL
FROM "listings" l
LEFT JOIN "uploaded_objects" o ON l."image_url" = '/api/objects/images/' || o."key"
WHERE l."image_url" IS NOT NULL AND l."image_url" <> '';
