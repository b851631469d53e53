ALTER TABLE "device_approvals" ADD COLUMN "login_hash" text;--> statement-breakpoint
ALTER TABLE "device_approvals" ADD CONSTRAINT "device_approvals_login_hash_key" UNIQUE("login_hash");