CREATE TABLE "partner_invites" (
	"partner_id" uuid PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "partner_invites_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "partner_staff" (
	"id" uuid PRIMARY KEY NOT NULL,
	"partner_id" uuid NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"role" text NOT NULL,
	"active" boolean NOT NULL,
	"note" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "partner_staff_role_known" CHECK ("partner_staff"."role" in ('account_manager', 'support', 'sales', 'technician'))
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "partner_joined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "partner_staff_id" uuid;--> statement-breakpoint
ALTER TABLE "partner_invites" ADD CONSTRAINT "partner_invites_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_staff" ADD CONSTRAINT "partner_staff_partner_id_users_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_staff_partner_idx" ON "partner_staff" USING btree ("partner_id","name");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_partner_staff_id_partner_staff_id_fk" FOREIGN KEY ("partner_staff_id") REFERENCES "public"."partner_staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_partner_idx" ON "users" USING btree ("partner_id");