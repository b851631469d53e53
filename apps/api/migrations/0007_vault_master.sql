CREATE TABLE "vault_master" (
	"id" integer PRIMARY KEY NOT NULL,
	"key_id" text,
	"rotated_at" timestamp with time zone,
	CONSTRAINT "vault_master_id_check" CHECK (id = 1)
);
--> statement-breakpoint
-- The one row: no rotation recorded yet (key_id NULL). Creating keys share-locks it, a rotation updates it.
INSERT INTO "vault_master" ("id") VALUES (1) ON CONFLICT DO NOTHING;
