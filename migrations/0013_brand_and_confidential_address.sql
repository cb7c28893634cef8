CREATE TABLE "brand" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"brokerage_name" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"website" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"license_number" text DEFAULT '' NOT NULL,
	"logo_url" text DEFAULT '' NOT NULL,
	"accent_color" text DEFAULT '#1F3A5F' NOT NULL,
	"disclaimer" text DEFAULT 'Information deemed reliable but not guaranteed.' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_id" integer,
	CONSTRAINT "brand_one_row" CHECK ("brand"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "address_confidential" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "brand" ADD CONSTRAINT "brand_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- The brand's saves are change events like every other write (decision 180): screens showing it
-- refresh, and flyers cached under an older brand are looked up again (docs/decisions/258-flyer-cache.md).
-- The mark steps the "brand" version at commit (0010_versions_in_the_database.sql), which the
-- flyer's cache reads on every server.
CREATE FUNCTION app_brand_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM app_change_notify('brand', '[1]'::jsonb, false);
  INSERT INTO app_version_marks (scope) VALUES ('brand');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER brand_changed AFTER INSERT OR UPDATE ON brand FOR EACH STATEMENT EXECUTE FUNCTION app_brand_changed();
