CREATE TABLE "listing_oms" (
	"listing_id" text PRIMARY KEY NOT NULL,
	"sections" jsonb,
	"inputs_hash" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"version_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "om_defaults" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"sections" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "om_defaults_one_row" CHECK ("om_defaults"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "listing_oms" ADD CONSTRAINT "listing_oms_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;