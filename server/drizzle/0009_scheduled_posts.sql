CREATE TABLE "media_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"stored_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "media_files_storedName_unique" UNIQUE("stored_name")
);
--> statement-breakpoint
CREATE TABLE "post_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"post_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"page_id" text NOT NULL,
	"seq" integer NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"facebook_post_id" text,
	"error" text,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "post_runs_status_known" CHECK ("post_runs"."status" in ('scheduled', 'publishing', 'published', 'failed', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "scheduled_posts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"idea" text NOT NULL,
	"content" text NOT NULL,
	"page_ids" jsonb NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"repeat" jsonb NOT NULL,
	"iterations" integer,
	"end_date" text,
	"media_ids" jsonb NOT NULL,
	"seq_base" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "scheduled_posts_status_known" CHECK ("scheduled_posts"."status" in ('active', 'cancelled', 'finished'))
);
--> statement-breakpoint
ALTER TABLE "media_files" ADD CONSTRAINT "media_files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_runs" ADD CONSTRAINT "post_runs_post_id_scheduled_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."scheduled_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "post_runs" ADD CONSTRAINT "post_runs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scheduled_posts" ADD CONSTRAINT "scheduled_posts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "media_files_user" ON "media_files" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "post_runs_post_page_seq" ON "post_runs" USING btree ("post_id","page_id","seq");--> statement-breakpoint
CREATE INDEX "post_runs_page" ON "post_runs" USING btree ("user_id","page_id","run_at");--> statement-breakpoint
CREATE INDEX "scheduled_posts_user" ON "scheduled_posts" USING btree ("user_id","created_at");