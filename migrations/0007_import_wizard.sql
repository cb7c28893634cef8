CREATE TABLE "import_mappings" (
	"signature" text PRIMARY KEY NOT NULL,
	"mapping" jsonb NOT NULL,
	"user_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "import_rows" (
	"import_id" text NOT NULL,
	"row" integer NOT NULL,
	"action" text NOT NULL,
	"listing_id" text,
	"values" jsonb,
	"shown" jsonb NOT NULL,
	"cells" jsonb,
	"expected_version" integer,
	"before" jsonb,
	"written_version" integer,
	CONSTRAINT "import_rows_import_id_row_pk" PRIMARY KEY("import_id","row")
);
--> statement-breakpoint
CREATE TABLE "imports" (
	"id" text PRIMARY KEY DEFAULT gen_random_uuid()::text NOT NULL,
	"user_id" integer,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'staged' NOT NULL,
	"signature" text NOT NULL,
	"preview" jsonb NOT NULL,
	"fields" text[] NOT NULL,
	"counts" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"committed_at" timestamp with time zone,
	"undone_at" timestamp with time zone,
	"undone_by_id" integer
);
--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "import_rows" ADD CONSTRAINT "import_rows_import_id_imports_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."imports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "imports" ADD CONSTRAINT "imports_undone_by_id_users_id_fk" FOREIGN KEY ("undone_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "import_rows_listing_idx" ON "import_rows" USING btree ("import_id","listing_id");--> statement-breakpoint
CREATE INDEX "imports_status_idx" ON "imports" USING btree ("status","committed_at");--> statement-breakpoint
CREATE INDEX "imports_expires_idx" ON "imports" USING btree ("expires_at");