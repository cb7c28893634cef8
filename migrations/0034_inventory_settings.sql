CREATE TABLE "inventory_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"indexable" boolean DEFAULT false NOT NULL,
	"embed_origins" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by_id" integer,
	CONSTRAINT "inventory_settings_one_row" CHECK ("inventory_settings"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "inventory_settings" ADD CONSTRAINT "inventory_settings_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written, after the generated part: a change of the inventory's settings is a change of
-- what the inventory page shows (its robots tag, who may frame it), so it steps the "brand"
-- version like a brand save (0013_brand_and_confidential_address.sql): every server's cached
-- inventory pages are made again.
CREATE TRIGGER inventory_settings_changed AFTER INSERT OR UPDATE ON inventory_settings FOR EACH STATEMENT EXECUTE FUNCTION app_brand_changed();
