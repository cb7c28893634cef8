CREATE TABLE "app_address" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"setup_origin" text,
	"chosen_origin" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_id" integer,
	CONSTRAINT "app_address_one_row" CHECK ("app_address"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "app_address" ADD CONSTRAINT "app_address_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written, after the generated part: a change of the app's address is a change of what
-- public pages show (their canonical links), so it steps the "brand" version like a brand save
-- (0013_brand_and_confidential_address.sql): every server's cached pages are made again.
CREATE TRIGGER app_address_changed AFTER INSERT OR UPDATE ON app_address FOR EACH STATEMENT EXECUTE FUNCTION app_brand_changed();
