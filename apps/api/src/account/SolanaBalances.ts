import { BalancesView, type Token } from '@frontdoor/schemas'
import { formatUnits } from 'viem'
import type * as Networks from '../chains/Networks.js'
import * as ChainRpc from '../indexer/ChainRpc.js'
import * as Registry from '../indexer/Registry.js'
import type * as Upstreams from '../rpc/Upstreams.js'
import * as Tokens from './Tokens.js'

/**
 * Balances on a solana chain: SOL (`getBalance`) and the SPL tokens of the account's token accounts
 * (`getTokenAccountsByOwner`, parsed, of the Token and Token-2022 programs), read from the chain's
 * nodes in one JSON-RPC batch (`ChainRpc`: an upstream error when no node answers or a call fails). A
 * token's name and symbol come from the token registry (`Registry`); a mint the registry does not know
 * is named by its address. Tokens with 0 decimals (NFTs) are left out, as on EVM chains (spec section 5).
 */

/** The SPL Token program and Token-2022, whose accounts hold fungible tokens. */
export const TOKEN_PROGRAMS = [
  'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
  'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb',
] as const

type TokenAccounts = {
  value: {
    account: {
      data: { parsed?: { info?: { mint?: string; tokenAmount?: { amount?: string; decimals?: number } } } }
    }
  }[]
}

/**
 * The SOL and SPL balances of `address` on the solana chain `chainId` that are not zero.
 *
 * @example
 * await SolanaBalances.of({ upstreams, networks, publicUrl, chainId: 'solana:Fxw…', address: '4iPW…' })
 */
export async function of(options: {
  upstreams: Upstreams.Upstreams
  networks: readonly Networks.Network[]
  publicUrl: string
  chainId: string
  address: string
  prices?: (held: readonly { address: string; decimals: number }[]) => Promise<Map<string, number>>
}): Promise<Token.TokenBalance[]> {
  const { chainId, address } = options
  const [lamports, ...programs] = await ChainRpc.create(options.upstreams, chainId).batch([
    { method: 'getBalance', params: [address, { commitment: 'confirmed' }] },
    ...TOKEN_PROGRAMS.map((programId) => ({
      method: 'getTokenAccountsByOwner',
      params: [address, { programId }, { encoding: 'jsonParsed', commitment: 'confirmed' }],
    })),
  ])
  const coin = Tokens.native(options.networks, chainId)
  const held: { address: string; name: string; symbol: string; decimals: number; amount: bigint }[] = []
  const native = BigInt((lamports as { value?: number }).value ?? 0)
  if (native > 0n)
    held.push({
      address: Registry.NATIVE_ADDRESS,
      name: coin.name,
      symbol: coin.symbol,
      decimals: coin.decimals,
      amount: native,
    })
  // One entry per mint: an account may hold a token in several token accounts.
  const byMint = new Map<string, { decimals: number; amount: bigint }>()
  for (const program of programs as TokenAccounts[])
    for (const entry of program.value ?? []) {
      const info = entry.account.data.parsed?.info
      const mint = info?.mint
      const amount = info?.tokenAmount?.amount
      const decimals = info?.tokenAmount?.decimals
      if (!mint || amount === undefined || decimals === undefined) continue
      const sum = byMint.get(mint) ?? { decimals, amount: 0n }
      sum.amount += BigInt(amount)
      byMint.set(mint, sum)
    }
  const known = Registry.of(chainId).tokens
  for (const [mint, { decimals, amount }] of byMint) {
    if (amount === 0n) continue
    // The registry keeps addresses in lowercase; base58 is not, so the mint itself is kept.
    const token = known.find((entry) => entry.address === mint.toLowerCase())
    held.push({
      address: mint,
      name: token?.name ?? mint,
      symbol: token?.symbol ?? mint.slice(0, 4),
      decimals,
      amount,
    })
  }
  const prices = options.prices ? await options.prices(held) : new Map<string, number>()
  const balances = held.map((token): Token.TokenBalance => {
    const numeric = formatUnits(token.amount, token.decimals)
    const price = prices.get(token.address) ?? 0
    return {
      name: token.name,
      symbol: token.symbol,
      chainId,
      ...(token.address === Registry.NATIVE_ADDRESS ? {} : { address: `${chainId}:${token.address}` }),
      value: Number(numeric) * price,
      price,
      quantity: { decimals: String(token.decimals), numeric },
      iconUrl: Tokens.iconUrl(options.publicUrl, token.symbol),
    }
  })
  return BalancesView.filterZeroDecimals(balances)
}
