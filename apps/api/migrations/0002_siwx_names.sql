CREATE TABLE "siwx_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "siwx_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"chain_id" text NOT NULL,
	"address" text NOT NULL,
	"domain" text NOT NULL,
	"uri" text NOT NULL,
	"nonce" text NOT NULL,
	"message" text NOT NULL,
	"signature" text NOT NULL,
	"cacao" jsonb,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"not_before" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "siwx_sessions_nonce_key" UNIQUE("nonce")
);
--> statement-breakpoint
ALTER TABLE "names" ADD COLUMN "bio" text;--> statement-breakpoint
CREATE INDEX "siwx_nonces_expires_idx" ON "siwx_nonces" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "siwx_sessions_account_idx" ON "siwx_sessions" USING btree ("project_id","chain_id","address");