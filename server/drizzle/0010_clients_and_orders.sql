CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"page_id" text,
	"customer_id" text,
	"thread_id" uuid,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"favorite_color" text NOT NULL,
	"style_preference" text NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"client_id" uuid,
	"page_id" text,
	"thread_id" uuid,
	"source_item_id" uuid,
	"source" text NOT NULL,
	"product_name" text NOT NULL,
	"unit_price" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"total_price" bigint NOT NULL,
	"delivery_address" text NOT NULL,
	"status" text NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "orders_status_known" CHECK ("orders"."status" in ('new', 'confirmed', 'shipping', 'delivered', 'cancelled')),
	CONSTRAINT "orders_amounts" CHECK ("orders"."unit_price" >= 0 and "orders"."quantity" > 0 and "orders"."total_price" = "orders"."unit_price" * "orders"."quantity")
);
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_thread_id_inbox_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."inbox_threads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_thread_id_inbox_threads_id_fk" FOREIGN KEY ("thread_id") REFERENCES "public"."inbox_threads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_source_item_id_inbox_items_id_fk" FOREIGN KEY ("source_item_id") REFERENCES "public"."inbox_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "clients_user_page_customer" ON "clients" USING btree ("user_id","page_id","customer_id") WHERE "clients"."customer_id" is not null;--> statement-breakpoint
CREATE INDEX "clients_user" ON "clients" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_source_item" ON "orders" USING btree ("source_item_id") WHERE "orders"."source_item_id" is not null;--> statement-breakpoint
CREATE INDEX "orders_user_page" ON "orders" USING btree ("user_id","page_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_client" ON "orders" USING btree ("client_id");