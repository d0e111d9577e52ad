CREATE TABLE "balances" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"available" bigint DEFAULT 0 NOT NULL,
	"reserved" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "balances_available_not_negative" CHECK ("balances"."available" >= 0),
	CONSTRAINT "balances_reserved_not_negative" CHECK ("balances"."reserved" >= 0)
);
--> statement-breakpoint
CREATE TABLE "ledger_entries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "ledger_entries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"balance_after" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"reservation_id" uuid,
	"page_id" text,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ledger_entries_idempotencyKey_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "ledger_entries_kind_known" CHECK ("ledger_entries"."kind" in ('deposit', 'token_charge', 'refund', 'adjustment', 'reservation', 'release')),
	CONSTRAINT "ledger_entries_balance_after_not_negative" CHECK ("ledger_entries"."balance_after" >= 0),
	CONSTRAINT "ledger_entries_reference_present" CHECK (("ledger_entries"."kind" in ('reservation', 'release', 'token_charge')) = ("ledger_entries"."reservation_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "token_transactions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "token_transactions_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"page_id" text,
	"reservation_id" uuid NOT NULL,
	"prompt_tokens" integer NOT NULL,
	"completion_tokens" integer NOT NULL,
	"total_tokens" integer NOT NULL,
	"total_cost" bigint NOT NULL,
	"message" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "token_transactions_reservationId_unique" UNIQUE("reservation_id"),
	CONSTRAINT "token_transactions_idempotencyKey_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "token_transactions_counts_not_negative" CHECK ("token_transactions"."prompt_tokens" >= 0 and "token_transactions"."completion_tokens" >= 0 and "token_transactions"."total_cost" >= 0)
);
--> statement-breakpoint
ALTER TABLE "balances" ADD CONSTRAINT "balances_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "token_transactions" ADD CONSTRAINT "token_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ledger_entries_user_created" ON "ledger_entries" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_one_release_per_reservation" ON "ledger_entries" USING btree ("reservation_id") WHERE "ledger_entries"."kind" = 'release';--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_one_charge_per_reservation" ON "ledger_entries" USING btree ("reservation_id") WHERE "ledger_entries"."kind" = 'token_charge';--> statement-breakpoint
CREATE INDEX "token_transactions_user_created" ON "token_transactions" USING btree ("user_id","created_at");