ALTER TABLE "jobs" ADD COLUMN "priority" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "owner" text;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "turn" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_waiting_turns" ON "jobs" USING btree ("queue","owner","turn") WHERE "jobs"."status" in ('queued', 'running');