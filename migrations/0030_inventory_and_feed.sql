CREATE TABLE "feed_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"key_hash" text NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	CONSTRAINT "feed_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
CREATE TABLE "feed_members" (
	"listing_id" text PRIMARY KEY NOT NULL,
	"left_at" timestamp with time zone,
	"left_as" text
);
--> statement-breakpoint
ALTER TABLE "listing_publications" ADD COLUMN "inventory" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_publications" ADD COLUMN "syndicate" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "feed_keys" ADD CONSTRAINT "feed_keys_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;