CREATE TABLE "listing_spaces" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" text NOT NULL,
	"suite" text NOT NULL,
	"floor" text,
	"size_sf" integer NOT NULL,
	"min_divisible_sf" integer,
	"rate" numeric(14, 2),
	"rate_unit" text NOT NULL,
	"lease_type" text,
	"available_on" date,
	"status" text NOT NULL,
	"space_type" text,
	"description" text,
	"photo_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operating_statements" (
	"listing_id" text PRIMARY KEY NOT NULL,
	"t12" jsonb NOT NULL,
	"pro_forma" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rent_roll_tenants" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" text NOT NULL,
	"tenant" text NOT NULL,
	"suite" text,
	"size_sf" integer NOT NULL,
	"lease_start" date,
	"lease_end" date,
	"annual_rent" numeric(14, 2) NOT NULL,
	"reimbursements" text,
	"options" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "spaces_summary" jsonb;--> statement-breakpoint
ALTER TABLE "listing_spaces" ADD CONSTRAINT "listing_spaces_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operating_statements" ADD CONSTRAINT "operating_statements_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rent_roll_tenants" ADD CONSTRAINT "rent_roll_tenants_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_spaces_listing_idx" ON "listing_spaces" USING btree ("listing_id","id");--> statement-breakpoint
CREATE INDEX "rent_roll_tenants_listing_idx" ON "rent_roll_tenants" USING btree ("listing_id","id");