CREATE TABLE "inbox_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"thread_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"page_id" text NOT NULL,
	"author" text NOT NULL,
	"external_id" text,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"reply_status" text,
	"reason" text,
	"reply_to_id" uuid,
	"delivery" text,
	"reservation_id" uuid,
	"prompt_tokens" integer,
	"completion_tokens" integer,
	"cost" integer,
	"private_reply_id" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "inbox_items_author_known" CHECK ("inbox_items"."author" in ('customer', 'bot', 'human'))
);
--> statement-breakpoint
CREATE TABLE "inbox_threads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"page_id" text NOT NULL,
	"kind" text NOT NULL,
	"external_id" text NOT NULL,
	"post_id" text,
	"customer_id" text NOT NULL,
	"customer_name" text NOT NULL,
	"last_text" text NOT NULL,
	"last_author" text NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	"last_customer_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone,
	"bot_pause_reason" text,
	"bot_paused_until" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "inbox_threads_kind_known" CHECK ("inbox_threads"."kind" in ('comment', 'message'))
);
--> statement-breakpoint
ALTER TABLE "facebook_pages" ADD COLUMN "bot_paused_reason" text;--> statement-breakpoint
ALTER TABLE "facebook_pages" ADD COLUMN "bot_paused_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_thread_id_inbox_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."inbox_threads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_items" ADD CONSTRAINT "inbox_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbox_threads" ADD CONSTRAINT "inbox_threads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_items_page_external" ON "inbox_items" USING btree ("page_id","external_id") WHERE "inbox_items"."external_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_items_one_bot_answer" ON "inbox_items" USING btree ("reply_to_id") WHERE "inbox_items"."author" = 'bot';--> statement-breakpoint
CREATE INDEX "inbox_items_thread_created" ON "inbox_items" USING btree ("thread_id","created_at");--> statement-breakpoint
CREATE INDEX "inbox_items_user_author" ON "inbox_items" USING btree ("user_id","author");--> statement-breakpoint
CREATE UNIQUE INDEX "inbox_threads_user_page_kind_external" ON "inbox_threads" USING btree ("user_id","page_id","kind","external_id");--> statement-breakpoint
CREATE INDEX "inbox_threads_list" ON "inbox_threads" USING btree ("user_id","page_id","kind","last_at");