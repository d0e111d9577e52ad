CREATE TABLE "open_holds" (
	"reservation_id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"page_id" text,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "open_holds_amount_positive" CHECK ("open_holds"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "open_holds" ADD CONSTRAINT "open_holds_reservation_id_ledger_entries_id_fk" FOREIGN KEY ("reservation_id") REFERENCES "public"."ledger_entries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "open_holds" ADD CONSTRAINT "open_holds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "open_holds_user" ON "open_holds" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "open_holds_created" ON "open_holds" USING btree ("created_at");--> statement-breakpoint
INSERT INTO "open_holds" ("reservation_id", "user_id", "page_id", "amount", "created_at")
SELECT "reservation"."id", "reservation"."user_id", "reservation"."page_id", -"reservation"."amount", "reservation"."created_at"
FROM "ledger_entries" AS "reservation"
WHERE "reservation"."kind" = 'reservation'
  AND NOT EXISTS (SELECT 1 FROM "ledger_entries" AS "closing" WHERE "closing"."reservation_id" = "reservation"."id" AND "closing"."kind" = 'release');
