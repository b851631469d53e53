import * as Errors from '@frontdoor/protocol/errors'
import type * as HostModal from '@frontdoor/protocol/host-modal'
import * as SolanaWallet from '@frontdoor/protocol/solana-wallet'
import * as SolanaWire from '@frontdoor/protocol/solana-wire'
import {
  SolanaSignAndSendTransaction,
  type SolanaSignAndSendTransactionFeature,
  SolanaSignMessage,
  type SolanaSignMessageFeature,
  SolanaSignTransaction,
  type SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features'
import { getWallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import {
  StandardConnect,
  type StandardConnectFeature,
  StandardDisconnect,
  type StandardDisconnectFeature,
  StandardEvents,
  type StandardEventsFeature,
} from '@wallet-standard/features'
import type { Extension, ExtensionHost } from '../Frontdoor.js'
import * as Bytes from './Bytes.js'
import * as FrontdoorWallet from './Wallet.js'

/**
 * The page's Wallet Standard wallets (issue 16): found with `@wallet-standard/app`'s getWallets(),
 * those registered before and after this runs, and bridged to the modal as injected wallets (with
 * their Solana `chains`), as Eip6963.ts bridges EIP-6963 ones. The modal's requests to one
 * (standard:connect, solana_signMessage ...) are answered here by the wallet's own features; its
 * `change` events reach the modal as accountsChanged.
 */

type Features = Partial<
  StandardConnectFeature &
    StandardDisconnectFeature &
    StandardEventsFeature &
    SolanaSignMessageFeature &
    SolanaSignTransactionFeature &
    SolanaSignAndSendTransactionFeature
>

const IMAGE_DATA_URI = /^data:image\/[a-z0-9.+-]+(;[a-z0-9=.+-]+)*,/i
const ICON_MAX = 256 * 1024

const solanaChains = (chains: readonly string[]) => chains.filter((c) => SolanaWallet.CHAIN.test(c))

/** A stable reverse-DNS id for a Wallet Standard wallet (the modal stores `injected:<rdns>`). */
function rdnsOf(name: string): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100)
  return `wallet-standard.${slug || 'wallet'}`
}

/** Whether the modal can list and use `wallet`: a Solana wallet that connects, with a name and icon it accepts. */
function usable(wallet: Wallet): boolean {
  const features = wallet.features as Features
  return (
    solanaChains(wallet.chains).length > 0 &&
    typeof features[StandardConnect]?.connect === 'function' &&
    (SolanaSignMessage in features || SolanaSignTransaction in features) &&
    typeof wallet.name === 'string' &&
    wallet.name.length > 0 &&
    wallet.name.length <= 100 &&
    typeof wallet.icon === 'string' &&
    wallet.icon.length <= ICON_MAX &&
    IMAGE_DATA_URI.test(wallet.icon)
  )
}

/** The Solana accounts of `accounts`, as the modal reads them. */
const accountsOf = (accounts: readonly WalletAccount[]): SolanaWallet.Account[] =>
  accounts
    .filter((a) => SolanaWallet.ADDRESS.test(a.address))
    .map((a) => ({ address: a.address, chains: solanaChains(a.chains) }))

/** A wallet's error as the modal reads it: its code, or 4001 when the user refused, else -32603. */
function providerError(error: unknown): Error {
  const e = error as { code?: unknown; message?: unknown } | null
  const message = typeof e?.message === 'string' && e.message ? e.message : 'An error occurred'
  if (typeof e?.code === 'number' && Number.isSafeInteger(e.code))
    return new Errors.ProviderRpcError(e.code, message)
  const code = /reject|denied|declined|cancel/i.test(message) ? 4001 : -32603
  return new Errors.ProviderRpcError(code, message)
}

const invalid = () => Errors.providerError('invalidParams')
const text = (value: unknown) => {
  if (typeof value !== 'string') throw invalid()
  return value
}

/** Answers one request of the modal with the wallet's features. */
async function answer(wallet: Wallet, method: string, params: unknown): Promise<unknown> {
  const features = wallet.features as Features
  const given = (params ?? {}) as Record<string, unknown>
  const account = () => {
    const found = wallet.accounts.find((a) => a.address === given.pubkey)
    if (!found) throw Errors.providerError('unauthorized')
    return found
  }
  const feature = <K extends keyof Features>(name: K): NonNullable<Features[K]> => {
    const found = features[name]
    if (!found) throw Errors.providerError('unsupportedMethod')
    return found as NonNullable<Features[K]>
  }
  /**
   * The chain to sign for: the one the request names when the account has it (names and CAIP-2 ids
   * read by solana-wallet's one mapping), 4901 when not; the account's first without one.
   */
  const chainOf = (signer: WalletAccount): `solana:${string}` => {
    const chains = solanaChains(signer.chains) as `solana:${string}`[]
    if (given.chain === undefined) {
      if (!chains[0]) throw invalid()
      return chains[0]
    }
    const wanted = SolanaWallet.caip2Of(text(given.chain))
    const found = chains.find(
      (c) => c === given.chain || (wanted !== undefined && SolanaWallet.caip2Of(c) === wanted),
    )
    if (!found) throw Errors.providerError('chainDisconnected')
    return found
  }
  switch (method) {
    case SolanaWallet.STANDARD_METHODS.connect: {
      const { accounts } = await feature(StandardConnect).connect(
        given.silent === true ? { silent: true } : {},
      )
      return { accounts: accountsOf(accounts) }
    }
    case SolanaWallet.STANDARD_METHODS.disconnect:
      await features[StandardDisconnect]?.disconnect()
      return null
    case 'solana_signMessage': {
      const message = Bytes.fromBase58(text(given.message))
      const [output] = await feature(SolanaSignMessage).signMessage({ account: account(), message })
      if (!output) throw Errors.providerError('internalError')
      return { signature: Bytes.toBase58(output.signature) }
    }
    case 'solana_signTransaction': {
      const signer = account()
      const transaction = Bytes.fromBase64(text(given.transaction))
      const chain = given.chain === undefined ? undefined : chainOf(signer)
      const [output] = await feature(SolanaSignTransaction).signTransaction({
        account: signer,
        transaction,
        ...(chain ? { chain } : {}),
      })
      if (!output) throw Errors.providerError('internalError')
      // The signer's signature: the one in its signer slot, wherever the fee payer's is.
      const signature = SolanaWire.signatureOf(output.signedTransaction, signer.address)
      if (!signature) throw Errors.providerError('internalError')
      return {
        signature: Bytes.toBase58(signature),
        transaction: Bytes.toBase64(output.signedTransaction),
      }
    }
    case 'solana_signAndSendTransaction': {
      const signer = account()
      const transaction = Bytes.fromBase64(text(given.transaction))
      const chain = chainOf(signer)
      const options = (given.sendOptions ?? {}) as Record<string, unknown>
      const [output] = await feature(SolanaSignAndSendTransaction).signAndSendTransaction({
        account: signer,
        transaction,
        chain,
        options,
      })
      if (!output) throw Errors.providerError('internalError')
      return { signature: Bytes.toBase58(output.signature) }
    }
  }
  throw Errors.providerError('unsupportedMethod')
}

/**
 * Discovers the page's Wallet Standard wallets (not Frontdoor's own) and gives
 * the host SDK the extension that lists them to the modal and answers its requests. `start` begins
 * listening once the extension is added; `stop` ends it.
 */
export function discover() {
  const known = new Map<Wallet, HostModal.InjectedWallet>()
  const followed = new Set<string>()
  let host: ExtensionHost | undefined
  const byUuid = (uuid: string) => [...known].find(([, info]) => info.uuid === uuid)?.[0]

  function add(wallets: readonly Wallet[]) {
    let changed = false
    for (const wallet of wallets) {
      if (FrontdoorWallet.isFrontdoor(wallet) || known.has(wallet) || !usable(wallet)) continue
      known.set(wallet, {
        uuid: crypto.randomUUID(),
        name: wallet.name,
        icon: wallet.icon,
        rdns: rdnsOf(wallet.name),
        chains: solanaChains(wallet.chains).slice(0, 16),
      })
      changed = true
    }
    if (changed) host?.walletsChanged()
  }
  function remove(wallets: readonly Wallet[]) {
    if (wallets.some((w) => known.delete(w))) host?.walletsChanged()
  }

  /** Forwards `wallet`'s account changes to the modal, once, after the modal first talks to it. */
  function follow(uuid: string, wallet: Wallet) {
    const on = (wallet.features as Features)[StandardEvents]?.on
    if (followed.has(uuid) || typeof on !== 'function') return
    followed.add(uuid)
    on('change', ({ accounts }) => {
      if (!accounts) return
      const event: HostModal.ProviderEvent = {
        event: 'accountsChanged',
        data: accountsOf(accounts).map((a) => a.address),
      }
      void host?.call('injectedWalletEvent', { uuid, event }).catch(() => {})
    })
  }

  const extension: Extension = {
    wallets: () => [...known.values()],
    request(uuid, request) {
      const wallet = byUuid(uuid)
      if (!wallet) return undefined
      follow(uuid, wallet)
      return answer(wallet, request.method, request.params).catch((error) => {
        throw error instanceof Errors.ProviderRpcError ? error : providerError(error)
      })
    },
  }

  let stops: (() => void)[] = []
  return {
    extension,
    /** Starts listening (wallets registered now and later), telling the modal through `added`. */
    start(added: ExtensionHost) {
      host = added
      const wallets = getWallets()
      stops = [wallets.on('register', (...w) => add(w)), wallets.on('unregister', (...w) => remove(w))]
      add(wallets.get())
    },
    stop() {
      for (const stop of stops) stop()
      stops = []
    },
  }
}
