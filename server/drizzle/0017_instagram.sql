ALTER TABLE "facebook_pages" ADD COLUMN "ig_user_id" text;--> statement-breakpoint
ALTER TABLE "facebook_pages" ADD COLUMN "ig_username" text;--> statement-breakpoint
ALTER TABLE "facebook_pages" ADD COLUMN "ig_picture_url" text;--> statement-breakpoint
ALTER TABLE "facebook_pages" ADD COLUMN "ig_subscribed" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD COLUMN "channel" text DEFAULT 'facebook' NOT NULL;--> statement-breakpoint
ALTER TABLE "inbox_threads" ADD COLUMN "channel" text DEFAULT 'facebook' NOT NULL;--> statement-breakpoint
ALTER TABLE "post_runs" ADD COLUMN "channel" text DEFAULT 'facebook' NOT NULL;--> statement-breakpoint
ALTER TABLE "post_runs" ADD COLUMN "ig_container_id" text;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD COLUMN "channels" jsonb DEFAULT '["facebook"]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "facebook_pages_ig_user_id" ON "facebook_pages" USING btree ("ig_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_threads_user_page_channel_kind_external" ON "inbox_threads" USING btree ("user_id","page_id","channel","kind","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "post_runs_post_page_channel_seq" ON "post_runs" USING btree ("post_id","page_id","channel","seq");--> statement-breakpoint
DROP INDEX "inbox_threads_user_page_kind_external";--> statement-breakpoint
DROP INDEX "post_runs_post_page_seq";--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_channel_known" CHECK ("inbox_items"."channel" in ('facebook', 'instagram'));--> statement-breakpoint
ALTER TABLE "inbox_threads" ADD CONSTRAINT "inbox_threads_channel_known" CHECK ("inbox_threads"."channel" in ('facebook', 'instagram'));--> statement-breakpoint
ALTER TABLE "post_runs" ADD CONSTRAINT "post_runs_channel_known" CHECK ("post_runs"."channel" in ('facebook', 'instagram'));