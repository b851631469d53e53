import { pgTable, text, timestamp } from 'drizzle-orm/pg-core'

/**
 * The tables of social login and the Farcaster stand-in (migrations/0003_social.sql, the binding
 * columns 0005_social_binding.sql).
 */

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** `social_logins`: a login in progress, by the SHA-256 of its `state`. */
export const socialLogins = pgTable('social_logins', {
  stateHash: text('state_hash').primaryKey(),
  projectId: text('project_id').notNull(),
  provider: text('provider').notNull(),
  origin: text('origin').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  /** The modal's attempt id, posted back with the result. */
  attempt: text('attempt'),
  /** The attempt's binding hash (social-popup `bindingHash`), passed on to the redeem code. */
  bindingHash: text('binding_hash'),
  /** SHA-256 of the browser cookie set at start. */
  browserHash: text('browser_hash'),
  createdAt: time('created_at').notNull(),
  expiresAt: time('expires_at').notNull(),
})

/** `social_redeem_codes`: one-time codes for a session, by their SHA-256. */
export const socialRedeemCodes = pgTable('social_redeem_codes', {
  codeHash: text('code_hash').primaryKey(),
  userId: text('user_id').notNull(),
  provider: text('provider').notNull(),
  /** The binding hash of the login the code ends: the redeem needs the binding. */
  bindingHash: text('binding_hash'),
  createdAt: time('created_at').notNull(),
  expiresAt: time('expires_at').notNull(),
  redeemedAt: time('redeemed_at'),
})

/** `farcaster_channels`: sign-in channels, by the SHA-256 of their token. */
export const farcasterChannels = pgTable('farcaster_channels', {
  tokenHash: text('token_hash').primaryKey(),
  projectId: text('project_id').notNull(),
  userId: text('user_id'),
  userName: text('user_name'),
  createdAt: time('created_at').notNull(),
  expiresAt: time('expires_at').notNull(),
  completedAt: time('completed_at'),
  redeemedAt: time('redeemed_at'),
})
