CREATE TABLE "inquiries" (
	"id" serial PRIMARY KEY NOT NULL,
	"lead_id" integer NOT NULL,
	"listing_id" text,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"company" text,
	"role" text NOT NULL,
	"message" text NOT NULL,
	"exchange_1031" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inquiry_alert_choices" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lead_listings" (
	"lead_id" integer NOT NULL,
	"listing_id" text NOT NULL,
	"stage" text DEFAULT 'inquired' NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lead_listings_lead_id_listing_id_pk" PRIMARY KEY("lead_id","listing_id"),
	CONSTRAINT "lead_listings_stage" CHECK (stage IN ('inquired', 'contacted', 'toured', 'offer', 'underContract', 'closed', 'lost'))
);
--> statement-breakpoint
CREATE TABLE "leads" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text,
	"company" text,
	"role" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_activity_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_publications" (
	"listing_id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"indexable" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_publications_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "public_page_days" (
	"listing_id" text NOT NULL,
	"day" date NOT NULL,
	"views" integer DEFAULT 0 NOT NULL,
	"flyer_downloads" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "public_page_days_listing_id_day_pk" PRIMARY KEY("listing_id","day")
);
--> statement-breakpoint
CREATE TABLE "public_page_visitors" (
	"listing_id" text NOT NULL,
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "public_page_visitors_listing_id_day_visitor_pk" PRIMARY KEY("listing_id","day","visitor")
);
--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiries" ADD CONSTRAINT "inquiries_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inquiry_alert_choices" ADD CONSTRAINT "inquiry_alert_choices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_listings" ADD CONSTRAINT "lead_listings_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lead_listings" ADD CONSTRAINT "lead_listings_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_publications" ADD CONSTRAINT "listing_publications_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_page_days" ADD CONSTRAINT "public_page_days_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "public_page_visitors" ADD CONSTRAINT "public_page_visitors_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inquiries_lead_idx" ON "inquiries" USING btree ("lead_id","created_at");--> statement-breakpoint
CREATE INDEX "inquiries_listing_idx" ON "inquiries" USING btree ("listing_id","created_at");--> statement-breakpoint
CREATE INDEX "lead_listings_listing_idx" ON "lead_listings" USING btree ("listing_id");--> statement-breakpoint
CREATE UNIQUE INDEX "leads_email_key" ON "leads" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "leads_activity_idx" ON "leads" USING btree ("last_activity_at" DESC NULLS LAST);
--> statement-breakpoint
-- A listing's publication changes what its public page and its detail show: heard as a change of that listing.
CREATE FUNCTION app_publications_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM app_change_notify('listings', (SELECT jsonb_agg(DISTINCT listing_id) FROM new_rows), false);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER publications_changed_ins AFTER INSERT ON listing_publications REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_publications_changed();--> statement-breakpoint
CREATE TRIGGER publications_changed_upd AFTER UPDATE ON listing_publications REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_publications_changed();
