ALTER TABLE "import_rows" ADD COLUMN "contact" jsonb;--> statement-breakpoint
ALTER TABLE "import_rows" ADD COLUMN "lead_id" integer;--> statement-breakpoint
ALTER TABLE "imports" ADD COLUMN "target" text DEFAULT 'listings' NOT NULL;