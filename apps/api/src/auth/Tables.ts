import { bigserial, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

/** The tables of the embedded wallet (migrations/0002_auth.sql). */

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** `users`: one per email or social identity. */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  email: text('email'),
  userName: text('user_name'),
  socialProvider: text('social_provider'),
  preferredAccountType: text('preferred_account_type').$type<'eoa' | 'smartAccount'>(),
  createdAt: time('created_at').notNull().defaultNow(),
  updatedAt: time('updated_at').notNull().defaultNow(),
})

/** `user_identities`: (kind, subject) -> user. */
export const userIdentities = pgTable(
  'user_identities',
  {
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    userId: text('user_id').notNull(),
    createdAt: time('created_at').notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.kind, table.subject] })],
)

/** `vault_keys`: each user's sealed keys and their public addresses. */
export const vaultKeys = pgTable('vault_keys', {
  userId: text('user_id').primaryKey(),
  masterKeyId: text('master_key_id').notNull(),
  wrappedDataKey: text('wrapped_data_key').notNull(),
  evmAddress: text('evm_address').notNull(),
  evmSecret: text('evm_secret').notNull(),
  solanaAddress: text('solana_address').notNull(),
  solanaSecret: text('solana_secret').notNull(),
  createdAt: time('created_at').notNull().defaultNow(),
})

/** `vault_signatures`: the log of every signature. */
export const vaultSignatures = pgTable('vault_signatures', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: text('user_id').notNull(),
  method: text('method').notNull(),
  chain: text('chain').notNull(),
  digest: text('digest').notNull(),
  createdAt: time('created_at').notNull().defaultNow(),
})

/** `auth_sessions`: bearer sessions by the SHA-256 of their token. */
export const authSessions = pgTable('auth_sessions', {
  tokenHash: text('token_hash').primaryKey(),
  userId: text('user_id').notNull(),
  createdAt: time('created_at').notNull().defaultNow(),
  expiresAt: time('expires_at').notNull(),
  revokedAt: time('revoked_at'),
})

/** `email_challenges`: the pending one-time password per purpose and address. */
export const emailChallenges = pgTable(
  'email_challenges',
  {
    purpose: text('purpose').notNull(),
    email: text('email').notNull(),
    codeHash: text('code_hash'),
    sentAt: time('sent_at'),
    expiresAt: time('expires_at'),
    consumedAt: time('consumed_at'),
    failures: integer('failures').notNull().default(0),
    lockedUntil: time('locked_until'),
    userId: text('user_id'),
    newEmail: text('new_email'),
  },
  (table) => [primaryKey({ columns: [table.purpose, table.email] })],
)
