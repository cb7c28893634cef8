CREATE TABLE "ca_signatures" (
	"id" serial PRIMARY KEY NOT NULL,
	"grant_id" integer NOT NULL,
	"listing_id" text NOT NULL,
	"template_id" integer NOT NULL,
	"template_version" integer NOT NULL,
	"text_sha256" text NOT NULL,
	"signed_name" text NOT NULL,
	"email" text NOT NULL,
	"company" text,
	"role" text NOT NULL,
	"signed_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text,
	"pdf" "bytea" NOT NULL,
	"pdf_sha256" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ca_template_versions" (
	"template_id" integer NOT NULL,
	"version" integer NOT NULL,
	"body" text NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer,
	CONSTRAINT "ca_template_versions_template_id_version_pk" PRIMARY KEY("template_id","version")
);
--> statement-breakpoint
CREATE TABLE "ca_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "room_grants" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" text NOT NULL,
	"lead_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company" text,
	"role" text NOT NULL,
	"level" text NOT NULL,
	"status" text NOT NULL,
	"source" text NOT NULL,
	"signed_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"approved_by" integer,
	"proof_url" text,
	"token_hash" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by" integer
);
--> statement-breakpoint
CREATE TABLE "room_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"company" text,
	"phone" text,
	"role" text NOT NULL,
	"template_id" integer NOT NULL,
	"template_version" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "room_rules" (
	"listing_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"ca_required" boolean DEFAULT true NOT NULL,
	"approval" text DEFAULT 'manual' NOT NULL,
	"ca_template_id" integer,
	"access_days" integer DEFAULT 90 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ca_signatures" ADD CONSTRAINT "ca_signatures_grant_id_room_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."room_grants"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ca_template_versions" ADD CONSTRAINT "ca_template_versions_template_id_ca_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."ca_templates"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ca_template_versions" ADD CONSTRAINT "ca_template_versions_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ca_templates" ADD CONSTRAINT "ca_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_grants" ADD CONSTRAINT "room_grants_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_grants" ADD CONSTRAINT "room_grants_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_grants" ADD CONSTRAINT "room_grants_approved_by_users_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_grants" ADD CONSTRAINT "room_grants_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_requests" ADD CONSTRAINT "room_requests_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_rules" ADD CONSTRAINT "room_rules_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_rules" ADD CONSTRAINT "room_rules_ca_template_id_ca_templates_id_fk" FOREIGN KEY ("ca_template_id") REFERENCES "public"."ca_templates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ca_signatures_pdf_key" ON "ca_signatures" USING btree ("pdf_sha256");--> statement-breakpoint
CREATE UNIQUE INDEX "ca_signatures_grant_key" ON "ca_signatures" USING btree ("grant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "room_grants_token_key" ON "room_grants" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "room_grants_listing_idx" ON "room_grants" USING btree ("listing_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "room_requests_token_key" ON "room_requests" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "room_requests_listing_idx" ON "room_requests" USING btree ("listing_id");--> statement-breakpoint
-- Hand-written (kept at the end so the lead can regenerate the part above when renumbering).
-- 1. The room's rules change what its public page shows ("Request the offering memorandum"):
--    heard as a change of that listing, as a publication's change is.
CREATE TRIGGER room_rules_changed_ins AFTER INSERT ON room_rules REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_publications_changed();--> statement-breakpoint
CREATE TRIGGER room_rules_changed_upd AFTER UPDATE ON room_rules REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_publications_changed();--> statement-breakpoint
-- 2. Closing the deal ends every grant at once, whichever path set the stage (an edit, a bulk
--    edit, an import): in the database, in the same transaction as the change of stage.
CREATE FUNCTION app_room_grants_end_on_close() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE room_grants SET status = 'expired'
  WHERE listing_id IN (SELECT id FROM new_rows WHERE deal_stage IN ('Closed', 'Withdrawn', 'Expired'))
    AND status IN ('pending', 'active');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER listings_close_room AFTER UPDATE ON listings REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION app_room_grants_end_on_close();--> statement-breakpoint
-- 3. The agreement that ships with the app, version 1.
INSERT INTO ca_templates (name) VALUES ('Standard confidentiality agreement');--> statement-breakpoint
INSERT INTO ca_template_versions (template_id, version, body, sha256)
SELECT id, 1, t.body, encode(sha256(convert_to(t.body, 'UTF8')), 'hex')
FROM ca_templates, (SELECT $ca$TEMPLATE — REVIEW WITH YOUR COUNSEL BEFORE USE. This is a plain starting point, not legal advice; adapt it to your state's law and your brokerage's practice.

CONFIDENTIALITY AGREEMENT

This agreement is between the person signing below (the "Recipient") and the brokerage marketing the property named on this agreement (the "Broker"), on behalf of the property's owner (the "Owner").

1. Confidential Information. "Confidential Information" means the offering memorandum and every other document, figure or fact about the property, its owner or its tenants that the Broker makes available to the Recipient through the deal room or otherwise, except information that is or becomes public other than through the Recipient, that the Recipient already lawfully had, or that the Recipient receives lawfully from someone free to share it.

2. Use. The Recipient will use the Confidential Information only to evaluate a possible purchase or lease of the property, and for no other purpose.

3. Disclosure. The Recipient will keep the Confidential Information confidential and will share it only with the Recipient's partners, lenders, attorneys, accountants and advisors who need it for that evaluation, who are told it is confidential and who agree to keep it so. The Recipient is responsible for their compliance. The Recipient may disclose information where the law requires it, after telling the Broker (where the law allows) so the Owner may seek protection.

4. No contact. The Recipient will not contact the property's tenants, employees, lenders or neighbors about the property, nor inspect it, without the Broker's written permission.

5. Brokers. A Recipient who is a broker represents a named principal, will tell the Broker who that principal is on request, and is responsible for the principal's compliance. The Owner owes no commission to any broker except under a separate written agreement.

6. No representation. The Confidential Information is provided as it is. Neither the Owner nor the Broker makes any representation or warranty about its accuracy or completeness; the Recipient will rely only on its own investigation and on the representations in a signed purchase agreement, if any.

7. No obligation. This agreement creates no obligation to sell, buy or negotiate. The Owner may change its marketing or end discussions at any time.

8. Return. On request, or if the Recipient decides not to proceed, the Recipient will stop using the Confidential Information and delete or return it, except copies kept under law or routine backups, which stay confidential.

9. Term. This agreement lasts two years from the date of signing.

10. Remedies. Money damages may not be enough for a breach; the Owner and the Broker may seek an injunction in addition to any other remedy.

11. Electronic signature. The Recipient agrees to sign electronically; the typed name below is the Recipient's signature and has the same effect as a handwritten one.$ca$ AS body) t;
