CREATE TABLE "account_activity" (
	"address" text NOT NULL,
	"chain_id" text NOT NULL,
	"tx_hash" text NOT NULL,
	"block_number" bigint NOT NULL,
	"tx_index" integer NOT NULL,
	"mined_at" timestamp with time zone NOT NULL,
	CONSTRAINT "account_activity_pkey" PRIMARY KEY("address","chain_id","tx_hash")
);
--> statement-breakpoint
CREATE TABLE "auth_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chain_nft_items" (
	"chain_id" text NOT NULL,
	"contract" text NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"name" text,
	"image" text,
	CONSTRAINT "chain_nft_items_pkey" PRIMARY KEY("chain_id","contract","token_id")
);
--> statement-breakpoint
CREATE TABLE "chain_tokens" (
	"chain_id" text NOT NULL,
	"address" text NOT NULL,
	"standard" text NOT NULL,
	"name" text,
	"symbol" text,
	"decimals" integer,
	CONSTRAINT "chain_tokens_pkey" PRIMARY KEY("chain_id","address"),
	CONSTRAINT "chain_tokens_standard_check" CHECK (standard IN ('erc20', 'erc721'))
);
--> statement-breakpoint
CREATE TABLE "chain_transactions" (
	"chain_id" text NOT NULL,
	"hash" text NOT NULL,
	"block_number" bigint NOT NULL,
	"tx_index" integer NOT NULL,
	"mined_at" timestamp with time zone NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text,
	"contract_address" text,
	"nonce" bigint NOT NULL,
	"value" numeric(78, 0) NOT NULL,
	"selector" text,
	"status" text NOT NULL,
	CONSTRAINT "chain_transactions_pkey" PRIMARY KEY("chain_id","hash"),
	CONSTRAINT "chain_transactions_status_check" CHECK (status IN ('confirmed', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "chain_transfers" (
	"chain_id" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"block_number" bigint NOT NULL,
	"kind" text NOT NULL,
	"token" text,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"amount" numeric(78, 0),
	"token_id" numeric(78, 0),
	CONSTRAINT "chain_transfers_pkey" PRIMARY KEY("chain_id","tx_hash","log_index"),
	CONSTRAINT "chain_transfers_kind_check" CHECK (kind IN ('native', 'erc20', 'erc721', 'approval', 'approval_for_all'))
);
--> statement-breakpoint
CREATE TABLE "email_challenges" (
	"purpose" text NOT NULL,
	"email" text NOT NULL,
	"code_hash" text,
	"sent_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	"failures" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"user_id" text,
	"new_email" text,
	CONSTRAINT "email_challenges_pkey" PRIMARY KEY("purpose","email")
);
--> statement-breakpoint
CREATE TABLE "events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"event_id" text NOT NULL,
	"kind" text NOT NULL,
	"url" text NOT NULL,
	"domain" text NOT NULL,
	"client_timestamp" bigint NOT NULL,
	"props" jsonb NOT NULL,
	"sdk_type" text,
	"sdk_version" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "farcaster_channels" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"user_id" text,
	"user_name" text,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"redeemed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "indexed_blocks" (
	"chain_id" text NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	CONSTRAINT "indexed_blocks_pkey" PRIMARY KEY("chain_id","block_number")
);
--> statement-breakpoint
CREATE TABLE "indexer_cursors" (
	"chain_id" text PRIMARY KEY NOT NULL,
	"block_number" bigint NOT NULL,
	"block_hash" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "names" (
	"name" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"avatar" text,
	"registered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "projects" (
	"project_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"allowed_origins" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"features" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"social_providers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_analytics_enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"allowed_bundle_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"allowed_package_names" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "social_logins" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"project_id" text NOT NULL,
	"provider" text NOT NULL,
	"origin" text NOT NULL,
	"code_verifier" text NOT NULL,
	"nonce" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"attempt" text,
	"binding_hash" text,
	"browser_hash" text
);
--> statement-breakpoint
CREATE TABLE "social_redeem_codes" (
	"code_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"provider" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"redeemed_at" timestamp with time zone,
	"binding_hash" text
);
--> statement-breakpoint
CREATE TABLE "user_identities" (
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_identities_pkey" PRIMARY KEY("kind","subject")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text,
	"user_name" text,
	"social_provider" text,
	"preferred_account_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_preferred_account_type_check" CHECK (preferred_account_type IN ('eoa', 'smartAccount'))
);
--> statement-breakpoint
CREATE TABLE "vault_keys" (
	"user_id" text PRIMARY KEY NOT NULL,
	"master_key_id" text NOT NULL,
	"wrapped_data_key" text NOT NULL,
	"evm_address" text NOT NULL,
	"evm_secret" text NOT NULL,
	"solana_address" text NOT NULL,
	"solana_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vault_keys_evm_address_key" UNIQUE("evm_address"),
	CONSTRAINT "vault_keys_solana_address_key" UNIQUE("solana_address")
);
--> statement-breakpoint
CREATE TABLE "vault_signatures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"method" text NOT NULL,
	"chain" text NOT NULL,
	"digest" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallets" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"badge_type" text DEFAULT 'none' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"chains" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"homepage" text,
	"image_id" text NOT NULL,
	"order" integer NOT NULL,
	"mobile_link" text,
	"desktop_link" text,
	"webapp_link" text,
	"app_store" text,
	"play_store" text,
	"chrome_store" text,
	"rdns" text,
	"injected" jsonb,
	"supports_wc" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_challenges" ADD CONSTRAINT "email_challenges_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "farcaster_channels" ADD CONSTRAINT "farcaster_channels_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "social_redeem_codes" ADD CONSTRAINT "social_redeem_codes_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_keys" ADD CONSTRAINT "vault_keys_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vault_signatures" ADD CONSTRAINT "vault_signatures_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_activity_page_idx" ON "account_activity" USING btree ("address","mined_at" DESC NULLS FIRST,"chain_id" DESC NULLS FIRST,"block_number" DESC NULLS FIRST,"tx_index" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "account_activity_block_idx" ON "account_activity" USING btree ("chain_id","block_number");--> statement-breakpoint
CREATE INDEX "auth_sessions_user_idx" ON "auth_sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "chain_transactions_block_idx" ON "chain_transactions" USING btree ("chain_id","block_number");--> statement-breakpoint
CREATE INDEX "chain_transfers_block_idx" ON "chain_transfers" USING btree ("chain_id","block_number");--> statement-breakpoint
CREATE INDEX "chain_transfers_to_idx" ON "chain_transfers" USING btree ("to_address","kind","chain_id");--> statement-breakpoint
CREATE INDEX "chain_transfers_item_idx" ON "chain_transfers" USING btree ("chain_id","token","token_id") WHERE kind = 'erc721';--> statement-breakpoint
CREATE INDEX "events_project_kind_received_idx" ON "events" USING btree ("project_id","kind","received_at");--> statement-breakpoint
CREATE INDEX "farcaster_channels_expires_idx" ON "farcaster_channels" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "names_address_idx" ON "names" USING btree ("address","updated_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "social_logins_expires_idx" ON "social_logins" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "social_redeem_codes_expires_idx" ON "social_redeem_codes" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "user_identities_user_idx" ON "user_identities" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "vault_signatures_user_idx" ON "vault_signatures" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "wallets_order_idx" ON "wallets" USING btree ("order","id");