CREATE TABLE "income_imports" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"file_name" text NOT NULL,
	"previous" jsonb NOT NULL,
	"imported" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "income_imports" ADD CONSTRAINT "income_imports_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "income_imports" ADD CONSTRAINT "income_imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "income_imports_listing_idx" ON "income_imports" USING btree ("listing_id","id");