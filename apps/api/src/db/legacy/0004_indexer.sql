-- The chain indexer (apps/api/src/indexer): what it has read of each chain, and the account names.
-- Addresses and hashes are stored lowercase; amounts in base units as numeric(78, 0) (any uint256).

-- Where the indexer of each chain stands: the last indexed block and its hash (-1 before block 0).
CREATE TABLE indexer_cursors (
  chain_id text PRIMARY KEY,
  block_number bigint NOT NULL,
  block_hash text NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- The hashes of the latest indexed blocks: after a reorg or a devnet reset the indexer walks back
-- through them to the newest block the chain still has, and re-indexes from there.
CREATE TABLE indexed_blocks (
  chain_id text NOT NULL,
  block_number bigint NOT NULL,
  block_hash text NOT NULL,
  PRIMARY KEY (chain_id, block_number)
);

-- Every transaction of the indexed blocks.
CREATE TABLE chain_transactions (
  chain_id text NOT NULL,
  hash text NOT NULL,
  block_number bigint NOT NULL,
  tx_index integer NOT NULL,
  mined_at timestamptz NOT NULL,
  from_address text NOT NULL,
  -- NULL for a contract creation; contract_address is then the created contract.
  to_address text,
  contract_address text,
  nonce bigint NOT NULL,
  value numeric(78, 0) NOT NULL,
  -- The first 4 bytes of the call data; NULL for a plain transfer.
  selector text,
  status text NOT NULL CHECK (status IN ('confirmed', 'failed')),
  PRIMARY KEY (chain_id, hash)
);
CREATE INDEX chain_transactions_block_idx ON chain_transactions (chain_id, block_number);

-- Value movements and approvals: native value (log_index -1), native value a contract paid out that
-- the indexer could infer (-2: WETH withdrawals, router refunds and ETH-out swaps), and the Transfer,
-- Approval and ApprovalForAll logs of ERC-20 and ERC-721 contracts (WETH deposits and withdrawals as
-- mints and burns of WETH).
CREATE TABLE chain_transfers (
  chain_id text NOT NULL,
  tx_hash text NOT NULL,
  log_index integer NOT NULL,
  block_number bigint NOT NULL,
  kind text NOT NULL CHECK (kind IN ('native', 'erc20', 'erc721', 'approval', 'approval_for_all')),
  -- The token contract; NULL for native value.
  token text,
  from_address text NOT NULL,
  to_address text NOT NULL,
  -- The value (native, erc20), the allowance (approval of an ERC-20), 1 or 0 (approval_for_all).
  amount numeric(78, 0),
  -- The token id (erc721 transfers and approvals).
  token_id numeric(78, 0),
  PRIMARY KEY (chain_id, tx_hash, log_index)
);
CREATE INDEX chain_transfers_block_idx ON chain_transfers (chain_id, block_number);
-- Tokens an address received (balances) and NFTs it received (ownership).
CREATE INDEX chain_transfers_to_idx ON chain_transfers (to_address, kind, chain_id);
-- The moves of one NFT item, newest last (its owner).
CREATE INDEX chain_transfers_item_idx ON chain_transfers (chain_id, token, token_id) WHERE kind = 'erc721';

-- Which transactions concern which address: the index the history pages through, newest first.
CREATE TABLE account_activity (
  address text NOT NULL,
  chain_id text NOT NULL,
  tx_hash text NOT NULL,
  block_number bigint NOT NULL,
  tx_index integer NOT NULL,
  mined_at timestamptz NOT NULL,
  PRIMARY KEY (address, chain_id, tx_hash)
);
CREATE INDEX account_activity_page_idx
  ON account_activity (address, mined_at DESC, chain_id DESC, block_number DESC, tx_index DESC);
CREATE INDEX account_activity_block_idx ON account_activity (chain_id, block_number);

-- Token contracts seen in logs, with what they answered for name(), symbol() and decimals().
CREATE TABLE chain_tokens (
  chain_id text NOT NULL,
  address text NOT NULL,
  standard text NOT NULL CHECK (standard IN ('erc20', 'erc721')),
  name text,
  symbol text,
  decimals integer,
  PRIMARY KEY (chain_id, address)
);

-- ERC-721 items seen in transfers, with the name and image of their tokenURI (data: URIs only).
CREATE TABLE chain_nft_items (
  chain_id text NOT NULL,
  contract text NOT NULL,
  token_id numeric(78, 0) NOT NULL,
  name text,
  image text,
  PRIMARY KEY (chain_id, contract, token_id)
);

-- Account names (GET /v1/identity/{address} answers the newest name of an address).
CREATE TABLE names (
  name text PRIMARY KEY,
  address text NOT NULL,
  avatar text,
  registered_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX names_address_idx ON names (address, updated_at DESC);
