ALTER TABLE "facebook_accounts" ADD COLUMN "instagram_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Accounts connected before Instagram was asked apart had granted its permissions with the page ones.
UPDATE "facebook_accounts" SET "instagram_allowed" = true;
