ALTER TABLE "notifications" ADD COLUMN "lead_id" integer;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written backfill (keep at the end when renumbering): an inquiry's notices were written in the
-- inquiry's own transaction, so they share its created_at (now() is the transaction's time) and listing.
UPDATE "notifications" AS n SET "lead_id" = i."lead_id" FROM "inquiries" AS i WHERE n."type" = 'inquiry' AND n."lead_id" IS NULL AND i."listing_id" = n."listing_id" AND i."created_at" = n."created_at";
