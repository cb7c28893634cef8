ALTER TABLE "inquiry_alert_choices" ALTER COLUMN "enabled" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "inquiry_alert_choices" ADD COLUMN "my_listings" boolean;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agents" ADD CONSTRAINT "agents_user_id_unique" UNIQUE("user_id");