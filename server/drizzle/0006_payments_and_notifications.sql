CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"params" jsonb NOT NULL,
	"dedupe_key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"dismissed_at" timestamp with time zone,
	CONSTRAINT "notifications_dedupeKey_unique" UNIQUE("dedupe_key")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "payment_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"provider" text NOT NULL,
	"source" text NOT NULL,
	"order_code" bigint,
	"payment_id" uuid,
	"amount" bigint,
	"outcome" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"payload" jsonb,
	"received_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"order_code" bigint GENERATED ALWAYS AS IDENTITY (sequence name "payments_order_code_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1),
	"user_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"amount" bigint NOT NULL,
	"description" text NOT NULL,
	"status" text NOT NULL,
	"provider_ref" text,
	"checkout_url" text,
	"qr_code" text,
	"failure_reason" text,
	"ledger_entry_id" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL,
	"checked_at" timestamp with time zone,
	"checks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "payments_orderCode_unique" UNIQUE("order_code"),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount" > 0),
	CONSTRAINT "payments_status_known" CHECK ("payments"."status" in ('pending', 'paid', 'cancelled', 'expired', 'failed')),
	CONSTRAINT "payments_paid_has_entry" CHECK (("payments"."status" = 'paid') = ("payments"."ledger_entry_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "payos_sandbox_requests" (
	"id" text PRIMARY KEY NOT NULL,
	"order_code" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"description" text NOT NULL,
	"return_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"status" text NOT NULL,
	"reference" text,
	"created_at" timestamp with time zone NOT NULL,
	"expired_at" timestamp with time zone NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "payos_sandbox_requests_orderCode_unique" UNIQUE("order_code")
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_user_created" ON "notifications" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_events_order" ON "payment_events" USING btree ("order_code");--> statement-breakpoint
CREATE INDEX "payment_events_received" ON "payment_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "payments_user_created" ON "payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_pending" ON "payments" USING btree ("status","created_at") WHERE "payments"."status" = 'pending';--> statement-breakpoint
-- What providers told us is evidence: payment events are inserted, never changed or removed.
CREATE TRIGGER payment_events_append_only BEFORE UPDATE OR DELETE ON "payment_events" FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
