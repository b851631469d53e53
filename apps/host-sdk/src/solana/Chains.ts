import * as Log from '@frontdoor/protocol/log'
import * as SolanaWallet from '@frontdoor/protocol/solana-wallet'

/**
 * The chains a script tag's `data-solana` names (a comma list of Wallet Standard chains, e.g.
 * `solana:mainnet,solana:devnet`); undefined, registerSolana's default chains, when it names none.
 * A name that is no Solana chain is logged and left out.
 */
export function fromAttribute(value: string | undefined): `solana:${string}`[] | undefined {
  const named = (value ?? '')
    .split(',')
    .map((chain) => chain.trim())
    .filter(Boolean)
  const wrong = named.filter((chain) => !SolanaWallet.CHAIN.test(chain))
  if (wrong.length) Log.error(`Frontdoor: data-solana names no Solana chain: ${wrong.join(', ')}`)
  const chains = named.filter((chain): chain is `solana:${string}` => SolanaWallet.CHAIN.test(chain))
  return chains.length ? chains : undefined
}
