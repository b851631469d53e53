import * as Errors from '@frontdoor/protocol/errors'
import * as SolanaWallet from '@frontdoor/protocol/solana-wallet'
import {
  SolanaSignAndSendTransaction,
  type SolanaSignAndSendTransactionFeature,
  SolanaSignMessage,
  type SolanaSignMessageFeature,
  SolanaSignTransaction,
  type SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features'
import type { Wallet as StandardWallet, WalletAccount } from '@wallet-standard/base'
import {
  StandardConnect,
  type StandardConnectFeature,
  StandardDisconnect,
  type StandardDisconnectFeature,
  StandardEvents,
  type StandardEventsFeature,
  type StandardEventsListeners,
} from '@wallet-standard/features'
import type { ExtensionHost, Frontdoor, State } from '../Frontdoor.js'
import * as Bytes from './Bytes.js'

/**
 * Frontdoor as a Wallet Standard wallet for Solana dApps (issue 16): `@solana/wallet-adapter` and any
 * app using `@wallet-standard/app` finds it. connect opens the modal until the visitor connects a
 * wallet with a Solana account (a Wallet Standard wallet of the page, or any connection whose wallet
 * has one); signing goes over the page's provider to the modal, which sends it to that wallet.
 */

/** The features Frontdoor's wallet has. */
export type Features = StandardConnectFeature &
  StandardDisconnectFeature &
  StandardEventsFeature &
  SolanaSignMessageFeature &
  SolanaSignTransactionFeature &
  SolanaSignAndSendTransactionFeature

/** The Wallet Standard wallet of a Frontdoor instance. */
export type Wallet = StandardWallet & { readonly features: Features }

/** Frontdoor's icon, as the Wallet Standard wants it (a base64 data URI). */
const ICON =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCAzMiAzMiI+PHJlY3Qgd2lkdGg9IjMyIiBoZWlnaHQ9IjMyIiByeD0iOCIgZmlsbD0iIzM0NTFlMCIvPjxwYXRoIGQ9Ik0xMCA4aDEydjE2aC0zVjExaC02djEzaC0zeiIgZmlsbD0iI2ZmZiIvPjwvc3ZnPg=='

/** The message when the visitor closed the modal with no Solana account connected. */
export const NO_SOLANA_ACCOUNT = 'The connected wallet has no Solana account'

/** Every Frontdoor wallet made on this page: the page's wallets listed to the modal leave them out. */
const made = new WeakSet<object>()

/** Whether `wallet` is a Frontdoor wallet (this page's). */
export const isFrontdoor = (wallet: object) => made.has(wallet)

const SIGN_FEATURES = [SolanaSignMessage, SolanaSignTransaction, SolanaSignAndSendTransaction] as const

/** Reads the modal's answer to solanaAccount (packages/protocol HostModal.SolanaAccount). */
function accountOf(value: unknown): SolanaWallet.Account | undefined {
  const v = value as { address?: unknown; chains?: unknown } | null
  if (typeof v?.address !== 'string' || !SolanaWallet.ADDRESS.test(v.address)) return undefined
  const chains = Array.isArray(v.chains)
    ? v.chains.filter((c): c is string => typeof c === 'string' && SolanaWallet.CHAIN.test(c))
    : []
  return { address: v.address, chains }
}

/** The answer of a Solana method, checked: the named string field. */
function field(value: unknown, name: 'signature' | 'transaction'): string {
  const found = (value as Record<string, unknown> | null)?.[name]
  if (typeof found !== 'string' || !found) throw Errors.providerError('internalError')
  return found
}

/**
 * Creates Frontdoor's wallet for `frontdoor` (its modal reached through `host`), on `chains`
 * (Wallet Standard names).
 */
export function create(
  frontdoor: Frontdoor,
  host: ExtensionHost,
  chains: readonly `solana:${string}`[],
): Wallet {
  const listeners = new Set<StandardEventsListeners['change']>()
  let account: WalletAccount | undefined

  const walletAccount = (a: SolanaWallet.Account): WalletAccount =>
    Object.freeze({
      address: a.address,
      publicKey: Bytes.fromBase58(a.address),
      chains: chains.slice(),
      features: SIGN_FEATURES.slice(),
    })
  /** Takes the connection's Solana account; emits `change` when it differs. */
  function take(next: SolanaWallet.Account | undefined) {
    if (next?.address === account?.address) return
    account = next ? walletAccount(next) : undefined
    const accounts = account ? [account] : []
    for (const listener of [...listeners]) listener({ accounts })
  }
  const read = async () => accountOf(await host.call('solanaAccount'))

  // The connection changes (a reload restores it, the visitor disconnects): the account follows.
  let last: State['status'] | undefined
  frontdoor.subscribe((state) => {
    if (state.status === last) return
    last = state.status
    if (state.status === 'disconnected') take(undefined)
    else if (state.status === 'connected') void read().then(take, () => {})
  })

  /** Opens the modal until the visitor connects a wallet with a Solana account (or closes it: 4001). */
  function connectInModal(): Promise<SolanaWallet.Account> {
    return new Promise((resolve, reject) => {
      let settled = false
      const done = (outcome: SolanaWallet.Account | Error) => {
        if (settled) return
        settled = true
        stop()
        outcome instanceof Error ? reject(outcome) : resolve(outcome)
      }
      // Closed counts once the modal has opened: a snapshot sent before it did may still say closed.
      let opened = false
      const check = async (state: State) => {
        if (state.status === 'connected') {
          const found = await read().catch(() => undefined)
          if (found) return done(found)
        }
        if (opened && !state.open && state.status !== 'connecting')
          done(
            state.status === 'connected'
              ? new Errors.ProviderRpcError(4100, NO_SOLANA_ACCOUNT)
              : Errors.providerError('userRejectedRequest'),
          )
      }
      const stop = frontdoor.subscribe((state) => void check(state))
      frontdoor.open().then(
        () => {
          opened = true
          void check(frontdoor.getState())
        },
        (error: Error) => done(error),
      )
    })
  }

  async function request(method: string, params: Record<string, unknown>) {
    return frontdoor.provider.request({ method, params })
  }
  const signer = (input: { account: WalletAccount }) => {
    if (!account || input.account.address !== account.address) throw Errors.providerError('unauthorized')
    return account.address
  }

  const features: Features = {
    [StandardConnect]: {
      version: '1.0.0',
      async connect(input) {
        let found = await read()
        if (!found && !input?.silent) found = await connectInModal()
        take(found)
        return { accounts: account ? [account] : [] }
      },
    },
    [StandardDisconnect]: {
      version: '1.0.0',
      async disconnect() {
        take(undefined)
        await frontdoor.disconnect()
      },
    },
    [StandardEvents]: {
      version: '1.0.0',
      on(event, listener) {
        if (event !== 'change') return () => {}
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    },
    [SolanaSignMessage]: {
      version: '1.1.0',
      async signMessage(...inputs) {
        const outputs = []
        for (const input of inputs) {
          const params: SolanaWallet.SignMessage = {
            message: Bytes.toBase58(input.message),
            pubkey: signer(input),
          }
          const signature = field(await request('solana_signMessage', params), 'signature')
          outputs.push({
            signedMessage: input.message,
            signature: Bytes.fromBase58(signature),
            signatureType: 'ed25519' as const,
          })
        }
        return outputs
      },
    },
    [SolanaSignTransaction]: {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      async signTransaction(...inputs) {
        const outputs = []
        for (const input of inputs) {
          const params: SolanaWallet.SignTransaction = {
            transaction: Bytes.toBase64(input.transaction),
            pubkey: signer(input),
            ...(input.chain ? { chain: input.chain } : {}),
          }
          const signed = field(await request('solana_signTransaction', params), 'transaction')
          outputs.push({ signedTransaction: Bytes.fromBase64(signed) })
        }
        return outputs
      },
    },
    [SolanaSignAndSendTransaction]: {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      async signAndSendTransaction(...inputs) {
        const outputs = []
        for (const input of inputs) {
          const params: SolanaWallet.SignAndSendTransaction = {
            transaction: Bytes.toBase64(input.transaction),
            pubkey: signer(input),
            chain: input.chain,
            ...(input.options ? { sendOptions: { ...input.options } } : {}),
          }
          const signature = field(await request('solana_signAndSendTransaction', params), 'signature')
          outputs.push({ signature: Bytes.fromBase58(signature) })
        }
        return outputs
      },
    },
  }

  const wallet: Wallet = {
    version: '1.0.0',
    name: 'Frontdoor',
    icon: ICON,
    get chains() {
      return chains.slice()
    },
    features,
    get accounts() {
      return account ? [account] : []
    },
  }
  made.add(wallet)
  return wallet
}
