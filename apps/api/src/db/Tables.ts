import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core'

// Every table of the API, defined once. drizzle-kit generates the migrations from this file
// (`npm run db:generate` in apps/api, into migrations/); the server applies them at start (Migrator.ts).
// Constraint and index names are PostgreSQL's own defaults (`<table>_pkey`, `<table>_<column>_fkey`,
// `<table>_<column>_key`, `<table>_<column>_check`), the names the hand-written migrations before
// drizzle created, so a database written by them is the same database.

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' })

/** Amounts in base units and token ids: any uint256, as a decimal string. */
const uint256 = (name: string) => numeric(name, { precision: 78, scale: 0 })

// ---------------------------------------------------------------------------------------------------
// Projects, the wallet directory and analytics.

/** One feature of a project's remote configuration (`/appkit/v1/config`). */
export type Feature = { id: string; isEnabled: boolean; config: unknown }

/** An injected-wallet identifier of a directory entry. */
export type Injected = { namespace: string; injected_id: string }

/** `projects`: who may use the API, from which origins and apps, with which features. */
export const projects = pgTable('projects', {
  projectId: text('project_id').primaryKey(),
  name: text('name').notNull(),
  allowedOrigins: jsonb('allowed_origins').$type<string[]>().notNull().default([]),
  features: jsonb('features').$type<Feature[]>().notNull().default([]),
  socialProviders: jsonb('social_providers').$type<string[]>().notNull().default([]),
  isAnalyticsEnabled: boolean('is_analytics_enabled').notNull().default(true),
  createdAt: time('created_at').notNull().defaultNow(),
  updatedAt: time('updated_at').notNull().defaultNow(),
  /** iOS bundle ids of the project's mobile apps. */
  allowedBundleIds: jsonb('allowed_bundle_ids').$type<string[]>().notNull().default([]),
  /** Android package names of the project's mobile apps. */
  allowedPackageNames: jsonb('allowed_package_names').$type<string[]>().notNull().default([]),
})

/** `wallets`: the wallet directory. */
export const wallets = pgTable(
  'wallets',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    badge_type: text('badge_type').notNull().default('none'),
    description: text('description').notNull().default(''),
    chains: jsonb('chains').$type<string[]>().notNull().default([]),
    homepage: text('homepage'),
    image_id: text('image_id').notNull(),
    order: integer('order').notNull(),
    mobile_link: text('mobile_link'),
    desktop_link: text('desktop_link'),
    webapp_link: text('webapp_link'),
    app_store: text('app_store'),
    play_store: text('play_store'),
    chrome_store: text('chrome_store'),
    rdns: text('rdns'),
    injected: jsonb('injected').$type<Injected[] | null>(),
    supports_wc: boolean('supports_wc').notNull().default(true),
  },
  (t) => [index('wallets_order_idx').on(t.order, t.id)],
)

/** `events`: analytics events and error reports of `POST /e`. */
export const events = pgTable(
  'events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    projectId: text('project_id').notNull(),
    eventId: text('event_id').notNull(),
    kind: text('kind').notNull(),
    url: text('url').notNull(),
    domain: text('domain').notNull(),
    clientTimestamp: bigint('client_timestamp', { mode: 'number' }).notNull(),
    props: jsonb('props').$type<Record<string, unknown>>().notNull(),
    sdkType: text('sdk_type'),
    sdkVersion: text('sdk_version'),
    receivedAt: time('received_at').notNull().defaultNow(),
  },
  (t) => [index('events_project_kind_received_idx').on(t.projectId, t.kind, t.receivedAt)],
)

/** `dashboard_tokens`: the analytics dashboard's token of a project (its SHA-256; the CLI sets it). */
export const dashboardTokens = pgTable('dashboard_tokens', {
  projectId: text('project_id').primaryKey(),
  tokenSha256: text('token_sha256').notNull(),
  createdAt: time('created_at').notNull().defaultNow(),
})

// ---------------------------------------------------------------------------------------------------
// The embedded wallet: users, their identities, their keys (encrypted), sessions, email one-time
// passwords and the log of every signature.

/** `users`: one per email or social identity; `preferred_account_type` NULL means the spec's default. */
export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email'),
    userName: text('user_name'),
    socialProvider: text('social_provider'),
    preferredAccountType: text('preferred_account_type').$type<'eoa' | 'smartAccount'>(),
    createdAt: time('created_at').notNull().defaultNow(),
    updatedAt: time('updated_at').notNull().defaultNow(),
  },
  () => [check('users_preferred_account_type_check', sql`preferred_account_type IN ('eoa', 'smartAccount')`)],
)

/** A `user_id` column's reference to `users`, deleted with its user. */
const userFk = (table: string, column: AnyPgColumn) =>
  foreignKey({ name: `${table}_user_id_fkey`, columns: [column], foreignColumns: [users.id] }).onDelete(
    'cascade',
  )

/** `user_identities`: how a user logs in, (kind, subject) = ('email', the address) or (a provider, its subject). */
export const userIdentities = pgTable(
  'user_identities',
  {
    kind: text('kind').notNull(),
    subject: text('subject').notNull(),
    userId: text('user_id').notNull(),
    createdAt: time('created_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'user_identities_pkey', columns: [t.kind, t.subject] }),
    userFk('user_identities', t.userId),
    index('user_identities_user_idx').on(t.userId),
  ],
)

/**
 * `vault_keys`: each user's keys: a data key wrapped by the master key, and the secp256k1 (EVM) and
 * ed25519 (Solana) secrets sealed with that data key (AES-256-GCM envelopes).
 */
export const vaultKeys = pgTable(
  'vault_keys',
  {
    userId: text('user_id').primaryKey(),
    masterKeyId: text('master_key_id').notNull(),
    wrappedDataKey: text('wrapped_data_key').notNull(),
    evmAddress: text('evm_address').notNull().unique('vault_keys_evm_address_key'),
    evmSecret: text('evm_secret').notNull(),
    solanaAddress: text('solana_address').notNull().unique('vault_keys_solana_address_key'),
    solanaSecret: text('solana_secret').notNull(),
    createdAt: time('created_at').notNull().defaultNow(),
  },
  (t) => [userFk('vault_keys', t.userId)],
)

/**
 * `vault_master`: one row (`id` 1, made by its migration): the id of the master key new data keys are
 * wrapped under, once a rotation recorded it (NULL before the first rotation). Creating keys reads it
 * with a share lock and a rotation updates it first, so no data key is wrapped under the old key after
 * a rotation commits (Rotation.ts).
 */
export const vaultMaster = pgTable(
  'vault_master',
  {
    id: integer('id').primaryKey(),
    keyId: text('key_id'),
    rotatedAt: time('rotated_at'),
  },
  () => [check('vault_master_id_check', sql`id = 1`)],
)

/** `vault_signatures`: every signature the vault made: who, which method, on which chain, over which digest. */
export const vaultSignatures = pgTable(
  'vault_signatures',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id').notNull(),
    method: text('method').notNull(),
    chain: text('chain').notNull(),
    digest: text('digest').notNull(),
    createdAt: time('created_at').notNull().defaultNow(),
  },
  (t) => [userFk('vault_signatures', t.userId), index('vault_signatures_user_idx').on(t.userId, t.createdAt)],
)

/**
 * `eoa_batches`: the EIP-5792 batches the EOA sends call by call (auth/vault/EoaCalls.ts): a random
 * id, whose they are, their chain, how many calls, each sent call's transaction hash in order, and
 * how the sending ended (`outcome`: null while it runs; `done` every call sent, `stopped` at a revert,
 * `failed` for any other reason, in `reason`).
 */
export const eoaBatches = pgTable(
  'eoa_batches',
  {
    id: text('id').primaryKey(),
    userId: text('user_id').notNull(),
    chainId: integer('chain_id').notNull(),
    calls: integer('calls').notNull(),
    hashes: jsonb('hashes').$type<string[]>().notNull().default([]),
    outcome: text('outcome'),
    reason: text('reason'),
    createdAt: time('created_at').notNull().defaultNow(),
    updatedAt: time('updated_at').notNull().defaultNow(),
  },
  (t) => [userFk('eoa_batches', t.userId), index('eoa_batches_user_idx').on(t.userId)],
)

/** `auth_sessions`: bearer sessions of the auth frame; only the SHA-256 of a token is stored. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id').notNull(),
    createdAt: time('created_at').notNull().defaultNow(),
    expiresAt: time('expires_at').notNull(),
    revokedAt: time('revoked_at'),
  },
  (t) => [userFk('auth_sessions', t.userId), index('auth_sessions_user_idx').on(t.userId)],
)

/**
 * `email_challenges`: the pending one-time password per purpose ('login', 'update_primary',
 * 'update_secondary') and address: its keyed hash, when it was sent (cooldown), when it expires, wrong
 * tries and the lockout they caused. An email change also keeps its user and the new address.
 */
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
  (t) => [
    primaryKey({ name: 'email_challenges_pkey', columns: [t.purpose, t.email] }),
    userFk('email_challenges', t.userId),
  ],
)

/**
 * `user_devices`: the browsers a user approved, by the SHA-256 of the auth frame's device id. An email
 * login of an existing user from any other browser needs the approval link first.
 */
export const userDevices = pgTable(
  'user_devices',
  {
    userId: text('user_id').notNull(),
    deviceHash: text('device_hash').notNull(),
    createdAt: time('created_at').notNull().defaultNow(),
    lastSeenAt: time('last_seen_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'user_devices_pkey', columns: [t.userId, t.deviceHash] }),
    userFk('user_devices', t.userId),
  ],
)

/**
 * `device_approvals`: the pending approval link per user and device: the SHA-256 of its single-use
 * token (NULL once used or withdrawn), when it was sent (cooldown), when it expires and when it was
 * approved; and the SHA-256 of the pending login the link completes (given to the browser whose code
 * was right; NULL once redeemed).
 */
export const deviceApprovals = pgTable(
  'device_approvals',
  {
    userId: text('user_id').notNull(),
    deviceHash: text('device_hash').notNull(),
    tokenHash: text('token_hash').unique('device_approvals_token_hash_key'),
    sentAt: time('sent_at'),
    expiresAt: time('expires_at').notNull(),
    approvedAt: time('approved_at'),
    loginHash: text('login_hash').unique('device_approvals_login_hash_key'),
  },
  (t) => [
    primaryKey({ name: 'device_approvals_pkey', columns: [t.userId, t.deviceHash] }),
    userFk('device_approvals', t.userId),
  ],
)

// ---------------------------------------------------------------------------------------------------
// Social login and the Farcaster stand-in. Secrets handed to browsers (state, redeem codes, channel
// tokens) are kept only as their SHA-256.

/**
 * `social_logins`: a login in progress, by the SHA-256 of the popup's `state`: the PKCE verifier, the
 * nonce, the project, the provider and the origin the result is posted to. Consumed by the callback.
 * Rows without a binding (written before issue 12) can no longer be completed.
 */
export const socialLogins = pgTable(
  'social_logins',
  {
    stateHash: text('state_hash').primaryKey(),
    projectId: text('project_id').notNull(),
    provider: text('provider').notNull(),
    origin: text('origin').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    createdAt: time('created_at').notNull(),
    expiresAt: time('expires_at').notNull(),
    /** The modal's attempt id, posted back with the result. */
    attempt: text('attempt'),
    /** The attempt's binding hash (social-popup `bindingHash`), passed on to the redeem code. */
    bindingHash: text('binding_hash'),
    /** SHA-256 of the browser cookie set at start. */
    browserHash: text('browser_hash'),
  },
  (t) => [index('social_logins_expires_idx').on(t.expiresAt)],
)

/** `social_redeem_codes`: the one-time code a finished social login posts to the modal, by its SHA-256. */
export const socialRedeemCodes = pgTable(
  'social_redeem_codes',
  {
    codeHash: text('code_hash').primaryKey(),
    userId: text('user_id').notNull(),
    provider: text('provider').notNull(),
    createdAt: time('created_at').notNull(),
    expiresAt: time('expires_at').notNull(),
    redeemedAt: time('redeemed_at'),
    /** The binding hash of the login the code ends: the redeem needs the binding. */
    bindingHash: text('binding_hash'),
  },
  (t) => [userFk('social_redeem_codes', t.userId), index('social_redeem_codes_expires_idx').on(t.expiresAt)],
)

/** `farcaster_channels`: sign-in channels, by the SHA-256 of their token; the user once approved. */
export const farcasterChannels = pgTable(
  'farcaster_channels',
  {
    tokenHash: text('token_hash').primaryKey(),
    projectId: text('project_id').notNull(),
    userId: text('user_id'),
    userName: text('user_name'),
    createdAt: time('created_at').notNull(),
    expiresAt: time('expires_at').notNull(),
    completedAt: time('completed_at'),
    redeemedAt: time('redeemed_at'),
  },
  (t) => [userFk('farcaster_channels', t.userId), index('farcaster_channels_expires_idx').on(t.expiresAt)],
)

// ---------------------------------------------------------------------------------------------------
// The chain indexer (src/indexer) and account names. Addresses and hashes are stored lowercase;
// amounts in base units (any uint256).

/** `indexer_cursors`: the last indexed block of each chain and its hash (block -1: nothing indexed yet). */
export const indexerCursors = pgTable('indexer_cursors', {
  chainId: text('chain_id').primaryKey(),
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  blockHash: text('block_hash').notNull(),
  updatedAt: time('updated_at').notNull().defaultNow(),
})

/**
 * `indexed_blocks`: the hashes of the latest indexed blocks: after a reorg or a devnet reset the indexer
 * walks back through them to the newest block the chain still has, and re-indexes from there.
 */
export const indexedBlocks = pgTable(
  'indexed_blocks',
  {
    chainId: text('chain_id').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockHash: text('block_hash').notNull(),
  },
  (t) => [primaryKey({ name: 'indexed_blocks_pkey', columns: [t.chainId, t.blockNumber] })],
)

/** `chain_transactions`: every transaction of the indexed blocks. */
export const chainTransactions = pgTable(
  'chain_transactions',
  {
    chainId: text('chain_id').notNull(),
    hash: text('hash').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    txIndex: integer('tx_index').notNull(),
    minedAt: time('mined_at').notNull(),
    fromAddress: text('from_address').notNull(),
    /** NULL for a contract creation; `contract_address` is then the created contract. */
    toAddress: text('to_address'),
    contractAddress: text('contract_address'),
    nonce: bigint('nonce', { mode: 'number' }).notNull(),
    value: uint256('value').notNull(),
    /** The first 4 bytes of the call data; NULL for a plain transfer. */
    selector: text('selector'),
    status: text('status').$type<'confirmed' | 'failed'>().notNull(),
  },
  (t) => [
    primaryKey({ name: 'chain_transactions_pkey', columns: [t.chainId, t.hash] }),
    check('chain_transactions_status_check', sql`status IN ('confirmed', 'failed')`),
    index('chain_transactions_block_idx').on(t.chainId, t.blockNumber),
  ],
)

/** A kind of value movement or approval. */
export type TransferKind = 'native' | 'erc20' | 'erc721' | 'approval' | 'approval_for_all'

/**
 * `chain_transfers`: value movements and approvals: native value (log_index -1), native value a
 * contract paid out that the indexer could infer (-2: WETH withdrawals, router refunds and ETH-out
 * swaps), and the Transfer, Approval and ApprovalForAll logs of ERC-20 and ERC-721 contracts (WETH
 * deposits and withdrawals as mints and burns of WETH).
 */
export const chainTransfers = pgTable(
  'chain_transfers',
  {
    chainId: text('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    kind: text('kind').$type<TransferKind>().notNull(),
    /** The token contract; NULL for native value. */
    token: text('token'),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    /** The value (native, erc20), the allowance (approval of an ERC-20), 1 or 0 (approval_for_all). */
    amount: uint256('amount'),
    /** The token id (erc721 transfers and approvals). */
    tokenId: uint256('token_id'),
  },
  (t) => [
    primaryKey({ name: 'chain_transfers_pkey', columns: [t.chainId, t.txHash, t.logIndex] }),
    check(
      'chain_transfers_kind_check',
      sql`kind IN ('native', 'erc20', 'erc721', 'approval', 'approval_for_all')`,
    ),
    index('chain_transfers_block_idx').on(t.chainId, t.blockNumber),
    // Tokens an address received (balances) and NFTs it received (ownership).
    index('chain_transfers_to_idx').on(t.toAddress, t.kind, t.chainId),
    // The moves of one NFT item, newest last (its owner).
    index('chain_transfers_item_idx').on(t.chainId, t.token, t.tokenId).where(sql`kind = 'erc721'`),
  ],
)

/** `account_activity`: which transactions concern which address; the history pages through it, newest first. */
export const accountActivity = pgTable(
  'account_activity',
  {
    address: text('address').notNull(),
    chainId: text('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    txIndex: integer('tx_index').notNull(),
    minedAt: time('mined_at').notNull(),
  },
  (t) => [
    primaryKey({ name: 'account_activity_pkey', columns: [t.address, t.chainId, t.txHash] }),
    index('account_activity_page_idx').on(
      t.address,
      t.minedAt.desc().nullsFirst(),
      t.chainId.desc().nullsFirst(),
      t.blockNumber.desc().nullsFirst(),
      t.txIndex.desc().nullsFirst(),
    ),
    index('account_activity_block_idx').on(t.chainId, t.blockNumber),
  ],
)

/** `chain_tokens`: token contracts seen in logs, with what they answered for name(), symbol(), decimals(). */
export const chainTokens = pgTable(
  'chain_tokens',
  {
    chainId: text('chain_id').notNull(),
    address: text('address').notNull(),
    standard: text('standard').$type<'erc20' | 'erc721'>().notNull(),
    name: text('name'),
    symbol: text('symbol'),
    decimals: integer('decimals'),
  },
  (t) => [
    primaryKey({ name: 'chain_tokens_pkey', columns: [t.chainId, t.address] }),
    check('chain_tokens_standard_check', sql`standard IN ('erc20', 'erc721')`),
  ],
)

/** `chain_nft_items`: ERC-721 items seen in transfers, with the name and image of their tokenURI. */
export const chainNftItems = pgTable(
  'chain_nft_items',
  {
    chainId: text('chain_id').notNull(),
    contract: text('contract').notNull(),
    tokenId: uint256('token_id').notNull(),
    name: text('name'),
    image: text('image'),
  },
  (t) => [primaryKey({ name: 'chain_nft_items_pkey', columns: [t.chainId, t.contract, t.tokenId] })],
)

/** `names`: account names; `GET /v1/identity/{address}` answers the newest name of an address. */
export const names = pgTable(
  'names',
  {
    name: text('name').primaryKey(),
    address: text('address').notNull(),
    avatar: text('avatar'),
    bio: text('bio'),
    registeredAt: time('registered_at').notNull().defaultNow(),
    updatedAt: time('updated_at').notNull().defaultNow(),
  },
  (t) => [index('names_address_idx').on(t.address, t.updatedAt.desc().nullsFirst())],
)

// ---------------------------------------------------------------------------------------------------
// Sign in with the wallet (SIWX).

/** `siwx_nonces`: the nonces handed out for sign-in messages, per project; each is used once. */
export const siwxNonces = pgTable(
  'siwx_nonces',
  {
    nonce: text('nonce').primaryKey(),
    projectId: text('project_id').notNull(),
    createdAt: time('created_at').notNull().defaultNow(),
    expiresAt: time('expires_at').notNull(),
    usedAt: time('used_at'),
  },
  (t) => [index('siwx_nonces_expires_idx').on(t.expiresAt)],
)

/**
 * `siwx_sessions`: a verified sign-in of one account on one network for one project's site: the
 * message as signed, its signature, the facts read from it, and when it was revoked.
 */
export const siwxSessions = pgTable(
  'siwx_sessions',
  {
    id: text('id').primaryKey(),
    projectId: text('project_id').notNull(),
    chainId: text('chain_id').notNull(),
    address: text('address').notNull(),
    domain: text('domain').notNull(),
    uri: text('uri').notNull(),
    nonce: text('nonce').notNull().unique('siwx_sessions_nonce_key'),
    message: text('message').notNull(),
    signature: text('signature').notNull(),
    cacao: jsonb('cacao'),
    issuedAt: time('issued_at').notNull(),
    expiresAt: time('expires_at'),
    notBefore: time('not_before'),
    createdAt: time('created_at').notNull().defaultNow(),
    revokedAt: time('revoked_at'),
  },
  (t) => [index('siwx_sessions_account_idx').on(t.projectId, t.chainId, t.address)],
)
