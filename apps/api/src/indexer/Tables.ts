import { bigint, integer, numeric, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'

// The tables of migrations/0004_indexer.sql. Addresses and hashes are lowercase; amounts are base units.

/** Where the indexer of each chain stands (block -1: nothing indexed yet). */
export const indexerCursors = pgTable('indexer_cursors', {
  chainId: text('chain_id').primaryKey(),
  blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
  blockHash: text('block_hash').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Hashes of the latest indexed blocks, to find the common ancestor after a reorg. */
export const indexedBlocks = pgTable(
  'indexed_blocks',
  {
    chainId: text('chain_id').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    blockHash: text('block_hash').notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.blockNumber] })],
)

/** Every transaction of the indexed blocks. */
export const chainTransactions = pgTable(
  'chain_transactions',
  {
    chainId: text('chain_id').notNull(),
    hash: text('hash').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    txIndex: integer('tx_index').notNull(),
    minedAt: timestamp('mined_at', { withTimezone: true, mode: 'date' }).notNull(),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address'),
    contractAddress: text('contract_address'),
    nonce: bigint('nonce', { mode: 'number' }).notNull(),
    value: numeric('value').notNull(),
    selector: text('selector'),
    status: text('status').$type<'confirmed' | 'failed'>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.hash] })],
)

/** A kind of value movement or approval. */
export type TransferKind = 'native' | 'erc20' | 'erc721' | 'approval' | 'approval_for_all'

/** Native value, inferred internal native value, token transfers and approvals. */
export const chainTransfers = pgTable(
  'chain_transfers',
  {
    chainId: text('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    kind: text('kind').$type<TransferKind>().notNull(),
    token: text('token'),
    fromAddress: text('from_address').notNull(),
    toAddress: text('to_address').notNull(),
    amount: numeric('amount'),
    tokenId: numeric('token_id'),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.txHash, t.logIndex] })],
)

/** Which transactions concern which address. */
export const accountActivity = pgTable(
  'account_activity',
  {
    address: text('address').notNull(),
    chainId: text('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    blockNumber: bigint('block_number', { mode: 'number' }).notNull(),
    txIndex: integer('tx_index').notNull(),
    minedAt: timestamp('mined_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.address, t.chainId, t.txHash] })],
)

/** Token contracts seen in logs. */
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
  (t) => [primaryKey({ columns: [t.chainId, t.address] })],
)

/** ERC-721 items seen in transfers. */
export const chainNftItems = pgTable(
  'chain_nft_items',
  {
    chainId: text('chain_id').notNull(),
    contract: text('contract').notNull(),
    tokenId: numeric('token_id').notNull(),
    name: text('name'),
    image: text('image'),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.contract, t.tokenId] })],
)
