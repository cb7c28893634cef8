CREATE TABLE "contact_list_members" (
	"list_id" integer NOT NULL,
	"lead_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_list_members_list_id_lead_id_pk" PRIMARY KEY("list_id","lead_id")
);
--> statement-breakpoint
CREATE TABLE "contact_lists" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_segments" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"filter" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "interests" jsonb;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "consent" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "status" text DEFAULT 'subscribed' NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_list_members" ADD CONSTRAINT "contact_list_members_list_id_contact_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."contact_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_list_members" ADD CONSTRAINT "contact_list_members_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_list_members_lead_idx" ON "contact_list_members" USING btree ("lead_id");--> statement-breakpoint
CREATE UNIQUE INDEX "contact_lists_name_key" ON "contact_lists" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "contact_segments_name_key" ON "contact_segments" USING btree (lower("name"));--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_consent" CHECK (consent IN ('opted-in', 'business-relationship', 'unknown'));--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_status" CHECK (status IN ('subscribed', 'unsubscribed', 'bounced', 'complained'));