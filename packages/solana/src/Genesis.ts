import { createHash } from 'node:crypto'
import * as SolanaCluster from '@frontdoor/protocol/solana-cluster'

/**
 * What the local cluster holds when it starts: its genesis hash (so its CAIP-2 id is fixed), funded
 * dev accounts and an SPL token, all at deterministic addresses. Each key is the ed25519 seed
 * `sha256(label)`, so a test or the demo signs as a dev account with `Keypair.fromSeed(Genesis.seed(label))`.
 */

/** The cluster's genesis hash and CAIP-2 id (defined once in @frontdoor/protocol). */
export const { GENESIS_HASH, CAIP_NETWORK_ID } = SolanaCluster

/** The phrase whose sha256 (base58) is {@link GENESIS_HASH}. */
export const GENESIS_PHRASE = 'Frontdoor local Solana cluster'

/** Lamports in one SOL. */
export const LAMPORTS_PER_SOL = 1_000_000_000n

/** The SPL Token program, the associated-token-account program and the system program. */
export const TOKEN_PROGRAM = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA'
export const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'
export const SYSTEM_PROGRAM = '11111111111111111111111111111111'

/** The 32-byte ed25519 seed of a dev key: sha256 of its label. */
export function seed(label: string): Uint8Array {
  return new Uint8Array(createHash('sha256').update(label).digest())
}

/** A funded dev account: its key's label, address, SOL and the FUSD its associated token account holds. */
export type Account = {
  label: string
  address: string
  lamports: bigint
  /** Its associated token account of {@link TOKEN}. */
  tokenAccount: string
  /** FUSD in base units (6 decimals); 0 means no token account is seeded. */
  tokenAmount: bigint
}

/** The dev accounts, 1,000 SOL each; #0 is the token's mint authority. */
export const ACCOUNTS: readonly Account[] = [
  {
    label: 'frontdoor solana dev account 0',
    address: '4iPW2U8jsfdxmuCfj817F368hHePKskwscDMKN8tQu8p',
    lamports: 1_000n * LAMPORTS_PER_SOL,
    tokenAccount: 'HGmESU2Avj8sdg2K46NB4XCTrFiy8Yk5Td2qkVyPfLis',
    tokenAmount: 1_000_000_000_000n,
  },
  {
    label: 'frontdoor solana dev account 1',
    address: '8jbj4FMmkCEPAA5U6rQ7oTCbsyxbY3QhdEGjmvMnePcb',
    lamports: 1_000n * LAMPORTS_PER_SOL,
    tokenAccount: 'DYxXGDihtZFkCRhKQw2x2vVEGDxS4ipjoM67ocjR7Z6C',
    tokenAmount: 10_000_000_000n,
  },
  {
    label: 'frontdoor solana dev account 2',
    address: 'EhbD8aWTRPwnNBLDLH5Kr3Xi5PFPHsvsxHybQAZNCNeC',
    lamports: 1_000n * LAMPORTS_PER_SOL,
    tokenAccount: 'GcnBvu2temQP3iT4Bt9R2jrEKwPtynhzV9actQ5ER7qm',
    tokenAmount: 0n,
  },
]

/** The seeded SPL token: a USD stablecoin with 6 decimals, minted by dev account #0. */
export const TOKEN = {
  label: 'frontdoor solana mint FUSD',
  mint: 'SMGiJ4RMXG5BXJfvC2iBf3xQEZocyroV767FXepZWZT',
  name: 'Frontdoor USD',
  symbol: 'FUSD',
  decimals: 6,
  mintAuthority: '4iPW2U8jsfdxmuCfj817F368hHePKskwscDMKN8tQu8p',
} as const

/** The token's supply: what the dev accounts hold. */
export const TOKEN_SUPPLY = ACCOUNTS.reduce((sum, account) => sum + account.tokenAmount, 0n)
