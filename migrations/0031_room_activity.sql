CREATE TABLE "room_activity" (
	"id" serial PRIMARY KEY NOT NULL,
	"listing_id" text NOT NULL,
	"grant_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"version" integer NOT NULL,
	"action" text NOT NULL,
	"offering_memorandum" boolean DEFAULT false NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
ALTER TABLE "room_activity" ADD CONSTRAINT "room_activity_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_activity" ADD CONSTRAINT "room_activity_grant_id_room_grants_id_fk" FOREIGN KEY ("grant_id") REFERENCES "public"."room_grants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "room_activity" ADD CONSTRAINT "room_activity_document_id_listing_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."listing_documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "room_activity_listing_idx" ON "room_activity" USING btree ("listing_id","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "room_activity_grant_idx" ON "room_activity" USING btree ("grant_id");