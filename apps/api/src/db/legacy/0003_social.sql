-- Social login and the Farcaster stand-in (issue 6). Secrets handed to browsers (state, redeem codes,
-- channel tokens) are kept only as their SHA-256.

-- A social login in progress: the popup's `state` -> the PKCE verifier, the nonce, the project, the
-- provider and the origin the result is posted to. Consumed by the callback.
CREATE TABLE social_logins (
  state_hash text PRIMARY KEY,
  project_id text NOT NULL,
  provider text NOT NULL,
  origin text NOT NULL,
  code_verifier text NOT NULL,
  nonce text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL
);
CREATE INDEX social_logins_expires_idx ON social_logins (expires_at);

-- The one-time code a finished social login posts to the modal; the auth frame redeems it once for a
-- session.
CREATE TABLE social_redeem_codes (
  code_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  provider text NOT NULL,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  redeemed_at timestamptz
);
CREATE INDEX social_redeem_codes_expires_idx ON social_redeem_codes (expires_at);

-- A Farcaster sign-in channel: pending until approved (then it names the user), redeemed once.
CREATE TABLE farcaster_channels (
  token_hash text PRIMARY KEY,
  project_id text NOT NULL,
  user_id text REFERENCES users (id) ON DELETE CASCADE,
  user_name text,
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  completed_at timestamptz,
  redeemed_at timestamptz
);
CREATE INDEX farcaster_channels_expires_idx ON farcaster_channels (expires_at);
