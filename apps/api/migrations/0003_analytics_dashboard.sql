CREATE TABLE "dashboard_tokens" (
	"project_id" text PRIMARY KEY NOT NULL,
	"token_sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
