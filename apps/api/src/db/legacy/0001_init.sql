-- Projects: who may use the API, from which origins, with which features.
CREATE TABLE projects (
  project_id text PRIMARY KEY,
  name text NOT NULL,
  allowed_origins jsonb NOT NULL DEFAULT '[]'::jsonb,
  features jsonb NOT NULL DEFAULT '[]'::jsonb,
  social_providers jsonb NOT NULL DEFAULT '[]'::jsonb,
  is_analytics_enabled boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The wallet directory.
CREATE TABLE wallets (
  id text PRIMARY KEY,
  name text NOT NULL,
  badge_type text NOT NULL DEFAULT 'none',
  description text NOT NULL DEFAULT '',
  chains jsonb NOT NULL DEFAULT '[]'::jsonb,
  homepage text,
  image_id text NOT NULL,
  "order" integer NOT NULL,
  mobile_link text,
  desktop_link text,
  webapp_link text,
  app_store text,
  play_store text,
  chrome_store text,
  rdns text,
  injected jsonb,
  supports_wc boolean NOT NULL DEFAULT true
);
CREATE INDEX wallets_order_idx ON wallets ("order", id);

-- Analytics events and error reports sent to POST /e.
CREATE TABLE events (
  id bigserial PRIMARY KEY,
  project_id text NOT NULL,
  event_id text NOT NULL,
  kind text NOT NULL,
  url text NOT NULL,
  domain text NOT NULL,
  client_timestamp bigint NOT NULL,
  props jsonb NOT NULL,
  sdk_type text,
  sdk_version text,
  received_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX events_project_kind_received_idx ON events (project_id, kind, received_at);
