-- The embedded wallet (issue 6): users, their identities, their keys (encrypted), sessions, email
-- one-time passwords and the log of every signature.

-- One user per email or social identity. preferred_account_type NULL means the spec's default.
CREATE TABLE users (
  id text PRIMARY KEY,
  email text,
  user_name text,
  social_provider text,
  preferred_account_type text CHECK (preferred_account_type IN ('eoa', 'smartAccount')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- How a user logs in: (kind, subject) is ('email', the address) or (a social provider, its subject).
CREATE TABLE user_identities (
  kind text NOT NULL,
  subject text NOT NULL,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, subject)
);
CREATE INDEX user_identities_user_idx ON user_identities (user_id);

-- Each user's keys: a data key wrapped by the master key, and the secp256k1 (EVM) and ed25519
-- (Solana) secrets sealed with that data key (AES-256-GCM envelopes).
CREATE TABLE vault_keys (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  master_key_id text NOT NULL,
  wrapped_data_key text NOT NULL,
  evm_address text NOT NULL UNIQUE,
  evm_secret text NOT NULL,
  solana_address text NOT NULL UNIQUE,
  solana_secret text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Every signature the vault made: who, which method, on which chain, over which digest.
CREATE TABLE vault_signatures (
  id bigserial PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  method text NOT NULL,
  chain text NOT NULL,
  digest text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX vault_signatures_user_idx ON vault_signatures (user_id, created_at);

-- Bearer sessions of the auth frame; only the SHA-256 of a token is stored.
CREATE TABLE auth_sessions (
  token_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX auth_sessions_user_idx ON auth_sessions (user_id);

-- The pending one-time password per purpose and address ('login', 'update_primary',
-- 'update_secondary'): its keyed hash, when it was sent (cooldown), when it expires, wrong tries and
-- the lockout they caused. An email change also keeps its user and the new address.
CREATE TABLE email_challenges (
  purpose text NOT NULL,
  email text NOT NULL,
  code_hash text,
  sent_at timestamptz,
  expires_at timestamptz,
  consumed_at timestamptz,
  failures integer NOT NULL DEFAULT 0,
  locked_until timestamptz,
  user_id text REFERENCES users (id) ON DELETE CASCADE,
  new_email text,
  PRIMARY KEY (purpose, email)
);
