CREATE TABLE "bot_configs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"identity_id" uuid NOT NULL,
	"procedure_id" uuid NOT NULL,
	"role" text NOT NULL,
	"target" text NOT NULL,
	"mission" text NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_identities" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"info" jsonb NOT NULL,
	"story" jsonb NOT NULL,
	"style_conversation" text NOT NULL,
	"example_conversation" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bot_procedures" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"procedure" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facebook_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"facebook_user_id" text NOT NULL,
	"name" text NOT NULL,
	"user_token_encrypted" text NOT NULL,
	"sandbox" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "facebook_connect_states" (
	"nonce_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "facebook_pages" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"page_id" text NOT NULL,
	"name" text NOT NULL,
	"page_token_encrypted" text NOT NULL,
	"subscribed" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"needs_reconnect" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "page_managers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"page_id" text NOT NULL,
	"page_name" text NOT NULL,
	"files" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"config_id" uuid,
	"action" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"auto_reply" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "page_managers_action_array" CHECK (jsonb_typeof("page_managers"."action") = 'array')
);
--> statement-breakpoint
CREATE TABLE "sandbox_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"page_id" text NOT NULL,
	"kind" text NOT NULL,
	"summary" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_subscriptions" (
	"page_id" text PRIMARY KEY NOT NULL,
	"fields" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_used_codes" (
	"nonce" text PRIMARY KEY NOT NULL,
	"used_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bot_configs" ADD CONSTRAINT "bot_configs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_configs" ADD CONSTRAINT "bot_configs_identity_id_bot_identities_id_fk" FOREIGN KEY ("identity_id") REFERENCES "public"."bot_identities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_configs" ADD CONSTRAINT "bot_configs_procedure_id_bot_procedures_id_fk" FOREIGN KEY ("procedure_id") REFERENCES "public"."bot_procedures"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_identities" ADD CONSTRAINT "bot_identities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bot_procedures" ADD CONSTRAINT "bot_procedures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facebook_accounts" ADD CONSTRAINT "facebook_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facebook_connect_states" ADD CONSTRAINT "facebook_connect_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facebook_pages" ADD CONSTRAINT "facebook_pages_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "facebook_pages" ADD CONSTRAINT "facebook_pages_account_id_facebook_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."facebook_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_managers" ADD CONSTRAINT "page_managers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "page_managers" ADD CONSTRAINT "page_managers_config_id_bot_configs_id_fk" FOREIGN KEY ("config_id") REFERENCES "public"."bot_configs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_configs_user_id" ON "bot_configs" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "bot_configs_identity_id" ON "bot_configs" USING btree ("identity_id");--> statement-breakpoint
CREATE INDEX "bot_configs_procedure_id" ON "bot_configs" USING btree ("procedure_id");--> statement-breakpoint
CREATE INDEX "bot_identities_user_id" ON "bot_identities" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "bot_procedures_user_id" ON "bot_procedures" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "facebook_accounts_user_fb_user" ON "facebook_accounts" USING btree ("user_id","facebook_user_id");--> statement-breakpoint
CREATE INDEX "facebook_connect_states_user_id" ON "facebook_connect_states" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "facebook_pages_user_page" ON "facebook_pages" USING btree ("user_id","page_id");--> statement-breakpoint
CREATE INDEX "facebook_pages_account_id" ON "facebook_pages" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "facebook_pages_page_id" ON "facebook_pages" USING btree ("page_id");--> statement-breakpoint
CREATE UNIQUE INDEX "page_managers_user_page" ON "page_managers" USING btree ("user_id","page_id");--> statement-breakpoint
CREATE INDEX "page_managers_config_id" ON "page_managers" USING btree ("config_id");--> statement-breakpoint
CREATE INDEX "sandbox_events_page_created" ON "sandbox_events" USING btree ("page_id","created_at");