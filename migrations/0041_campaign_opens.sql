ALTER TABLE "campaign_recipients" ADD COLUMN "opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "track_opens" boolean DEFAULT false NOT NULL;