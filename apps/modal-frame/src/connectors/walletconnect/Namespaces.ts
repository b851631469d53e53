import * as Calls from '@frontdoor/protocol/calls'
import type * as HostModal from '@frontdoor/protocol/host-modal'
import * as SolanaWallet from '@frontdoor/protocol/solana-wallet'
import * as Caip from '@frontdoor/schemas/caip'

/**
 * The eip155 namespace Frontdoor proposes to WalletConnect wallets and how it reads what they approve:
 * CAIP-10 accounts and CAIP-2 chains of a session, the chain ids wallets send in events, and the
 * `wallet_addEthereumChain` parameters of a page network.
 */

/** Methods the page's provider forwards to a WalletConnect wallet (EIP-5792's among them). */
const METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  ...Calls.METHODS,
] as const

/** Wallet events the modal listens to. */
const EVENTS = ['accountsChanged', 'chainChanged'] as const

/**
 * The solana methods the page's provider forwards to a WalletConnect wallet (on the session's solana
 * chain): the four signing methods of WalletConnect's Solana RPC (REFERENCE.md's unsafe solana methods).
 */
export const SOLANA_METHODS = [
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
] as const

/** A session's namespaces, as sign-client gives them (only what Frontdoor reads). */
export type Namespaces = Record<string, { accounts: string[]; chains?: string[] | undefined } | undefined>

/** A proposed namespace (sign-client's `ProposalTypes.BaseRequiredNamespace`). */
type ProposedNamespace = { chains: string[]; methods: string[]; events: string[] }

/** The namespaces proposed: eip155 always, solana when the page lists a solana network. */
export type Proposal = { eip155: ProposedNamespace; solana?: ProposedNamespace }

type Network = HostModal.HostInfo['networks'][number]

const isAddress = (value: string): value is `0x${string}` => /^0x[0-9a-fA-F]{40}$/.test(value)

/** The page's EVM chain ids, in its order. */
function evmChainIds(networks: readonly Network[]): number[] {
  return networks.filter((n) => n.chainNamespace === 'eip155').map((n) => Number(n.id))
}

/**
 * The namespaces to propose: eip155 with the page's chains (the current one first), the signing and
 * chain methods, and the two events; and solana with the page's solana networks (the local cluster,
 * `solana:FxwCwhiscJPbAuFKVEq7mmzfCkcEoFth`) and {@link SOLANA_METHODS}, when it lists any. Proposed as
 * optional namespaces: sign-client 2.25 moves required ones there anyway, with a console warning.
 */
export function proposal(networks: readonly Network[], current?: number): Proposal {
  const ids = evmChainIds(networks)
  const ordered =
    current !== undefined && ids.includes(current) ? [current, ...ids.filter((id) => id !== current)] : ids
  const solana = networks.filter((n) => n.chainNamespace === 'solana').map((n) => n.caipNetworkId)
  return {
    eip155: {
      chains: ordered.map((id) => Caip.formatCaip2('eip155', id)),
      methods: [...METHODS],
      events: [...EVENTS],
    },
    ...(solana.length
      ? { solana: { chains: [...new Set(solana)], methods: [...SOLANA_METHODS], events: [] } }
      : {}),
  }
}

/** Whether `method` goes to a wallet's solana namespace rather than its eip155 one. */
export const isSolanaMethod = (method: string): boolean => method.startsWith('solana_')

/**
 * The solana chain (CAIP-2) of a session a request goes to, from its solana chains or accounts: the
 * chain the page's request names (a Wallet Standard name such as `solana:mainnet` or a CAIP-2 id, read
 * by solana-wallet's one mapping) when the session has it, the session's first when it names none;
 * undefined (4901) when the session lacks the named chain or the wallet approved no solana namespace.
 */
export function solanaChainOf(namespaces: Namespaces, requested?: string): string | undefined {
  const ns = namespaces.solana
  if (!ns) return undefined
  const chains = [
    ...(ns.chains ?? []),
    ...ns.accounts.filter(Caip.isCaip10).map((a) => Caip.parseCaip10(a).caipNetworkId),
  ].filter((chain) => Caip.isCaip2(chain) && Caip.parseCaip2(chain).chainNamespace === 'solana')
  if (requested === undefined) return chains[0]
  const wanted = SolanaWallet.caip2Of(requested)
  return chains.find((chain) => chain === wanted)
}

/** The session's Solana account (base58) on solana chain `chain` (CAIP-2), from its CAIP-10 accounts. */
export function solanaAccountOf(namespaces: Namespaces, chain: string): string | undefined {
  return (namespaces.solana?.accounts ?? [])
    .filter(Caip.isCaip10)
    .map((account) => Caip.parseCaip10(account))
    .find((account) => account.caipNetworkId === chain && SolanaWallet.ADDRESS.test(account.address))?.address
}

/** Reads a chain id as wallets send it: a number, `0x..`, a decimal string or CAIP-2 `eip155:<id>`. */
export const chainIdOf = Caip.evmChainId

/** The eip155 chain ids of a session, from its chains and its accounts, without repeats. */
export function chainsOf(namespaces: Namespaces): number[] {
  const ns = namespaces.eip155
  if (!ns) return []
  const ids = [
    ...(ns.chains ?? []),
    ...ns.accounts.filter(Caip.isCaip10).map((a) => Caip.parseCaip10(a).chainId),
  ]
    .map(chainIdOf)
    .filter((id): id is number => id !== undefined)
  return [...new Set(ids)]
}

/** The addresses a session holds on `chainId` (CAIP-10 `eip155:<id>:<address>`), in its order, unique. */
export function accountsOf(namespaces: Namespaces, chainId: number): `0x${string}`[] {
  const addresses = (namespaces.eip155?.accounts ?? [])
    .filter(Caip.isCaip10)
    .map((account) => Caip.parseCaip10(account))
    .filter((account) => chainIdOf(account.chainId) === chainId)
    .map((account) => account.address)
    .filter(isAddress)
  return [...new Set(addresses)]
}

/** Addresses from an `accountsChanged` event: plain addresses or CAIP-10 ones. */
export function eventAccounts(data: unknown): `0x${string}`[] {
  if (!Array.isArray(data)) return []
  const addresses = data
    .filter((item): item is string => typeof item === 'string')
    .map((item) => item.split(':').at(-1) as string)
    .filter(isAddress)
  return [...new Set(addresses)]
}

/** `wallet_addEthereumChain` parameters (EIP-3085) of a page network. */
export function addChainParams(network: Network) {
  return {
    chainId: `0x${Number(network.id).toString(16)}`,
    chainName: network.name,
    nativeCurrency: network.nativeCurrency,
    rpcUrls: network.rpcUrls.default.http,
    ...(network.blockExplorers?.default ? { blockExplorerUrls: [network.blockExplorers.default.url] } : {}),
  }
}

/** A pairing URI's own expiry (`expiryTimestamp`, seconds since the epoch), when it carries one. */
export function uriExpiryOf(uri: string): number | undefined {
  const match = /[?&]expiryTimestamp=([0-9]+)/.exec(uri)
  return match ? Number(match[1]) : undefined
}
