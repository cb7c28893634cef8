ALTER TABLE "listings" ADD COLUMN "posts" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "posts_writer" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "posts_written_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "posts_source" text;--> statement-breakpoint
-- Posts stored before issue 14 become objects. A set of ten followed the old channel plan
-- (LinkedIn, Facebook, Instagram, X, an email, then again, ending with a text message); the email
-- and the text message, and any set of another size, keep their text under "other". Their writer
-- and source are unknown, so the screen offers to regenerate them.
UPDATE "listings" SET "posts" = (
  SELECT coalesce(jsonb_agg(jsonb_build_object(
    'platform',
    CASE WHEN cardinality("ai_generated_posts") = 10
      THEN (ARRAY['linkedin','facebook','instagram','x','other','linkedin','facebook','instagram','x','other'])[u.ord]
      ELSE 'other' END,
    'text', u.t) ORDER BY u.ord), '[]'::jsonb)
  FROM unnest("ai_generated_posts") WITH ORDINALITY AS u(t, ord)
) WHERE cardinality("ai_generated_posts") > 0;
