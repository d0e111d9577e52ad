ALTER TABLE "sandbox_events" ADD COLUMN "user_id" uuid;--> statement-breakpoint
ALTER TABLE "sandbox_events" ADD CONSTRAINT "sandbox_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sandbox_events_user_created" ON "sandbox_events" USING btree ("user_id","created_at");