CREATE TABLE "shared_rate_limits" (
	"name" text PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "backup_runs" ADD COLUMN "copied_to" text;