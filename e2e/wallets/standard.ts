import * as SolanaCluster from '@frontdoor/protocol/solana-cluster'
import type { Page } from '@playwright/test'
import { Connection, Keypair, Transaction, VersionedTransaction } from '@solana/web3.js'
import bs58 from 'bs58'
import nacl from 'tweetnacl'

/**
 * A Wallet Standard test wallet for Solana (issue 16): what a browser extension such as Phantom
 * registers on the page with the Wallet Standard's register event. The page holds a thin shim (the
 * Wallet object: standard:connect, standard:disconnect, standard:events, solana:signMessage,
 * solana:signTransaction, solana:signAndSendTransaction on `solana:localnet`); every call crosses to
 * Node (Playwright's exposeBinding), where a real ed25519 keypair signs with tweetnacl and
 * @solana/web3.js, and transactions are sent to the stack's local cluster. The test decides what the
 * wallet's user does (approve or reject).
 */

/** What the wallet's user does with the next call of a feature. */
export type Answer = 'approve' | 'reject'

export type Options = {
  name?: string
  /** The key (default: a new one). */
  keypair?: Keypair
  /** Registers this long after the page loaded, as a late extension does (default: at once). */
  registerAfterMs?: number
}

const ICON =
  'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHZpZXdCb3g9IjAgMCA4IDgiPjxyZWN0IHdpZHRoPSI4IiBoZWlnaHQ9IjgiIHJ4PSIyIiBmaWxsPSIjOTQ1YWZmIi8+PC9zdmc+'
/** The chain the wallet is on: the stack's local cluster, as the Wallet Standard names it. */
const CHAIN = 'solana:localnet'

type Reply = { result: unknown } | { error: { code: number; message: string } }
type TestWindow = Window & {
  __frontdoorStandardWallet: (feature: string, input: unknown) => Promise<Reply>
  __frontdoorStandardWalletChange?: (accounts: boolean) => void
}
const rejected = { error: { code: 4001, message: 'User rejected the request.' } }

/**
 * Installs the wallet in `page` (before its scripts run; it survives reloads). Returns the handle the
 * test drives: the address and key, what the user answers, the calls seen.
 */
export async function install(page: Page, options: Options = {}) {
  const keypair = options.keypair ?? Keypair.generate()
  const address = keypair.publicKey.toBase58()
  const name = options.name ?? 'Solana Test Wallet'
  const cluster = new Connection(SolanaCluster.url(process.env), 'confirmed')
  const answers = new Map<string, Answer>()
  const calls: { feature: string; input: unknown }[] = []
  let authorized = false

  const sign = (bytes: Uint8Array) => nacl.sign.detached(bytes, keypair.secretKey)
  /** Signs a serialized transaction (legacy or v0) as its fee payer. */
  function signTransaction(wire: Uint8Array): Uint8Array {
    try {
      const versioned = VersionedTransaction.deserialize(wire)
      versioned.sign([keypair])
      return versioned.serialize()
    } catch {
      const legacy = Transaction.from(wire)
      legacy.partialSign(keypair)
      return legacy.serialize({ requireAllSignatures: false })
    }
  }

  async function handle(feature: string, input: Record<string, unknown>): Promise<Reply> {
    calls.push({ feature, input })
    const answer = answers.get(feature)
    answers.delete(feature)
    if (answer === 'reject') return rejected
    const bytes = (key: string) => Uint8Array.from(Buffer.from(String(input[key]), 'base64'))
    const b64 = (value: Uint8Array) => Buffer.from(value).toString('base64')
    switch (feature) {
      case 'standard:connect':
        if (input.silent && !authorized) return { result: false }
        authorized = true
        return { result: true }
      case 'standard:disconnect':
        authorized = false
        return { result: null }
    }
    if (!authorized) return { error: { code: 4100, message: 'The wallet is not connected to this site.' } }
    switch (feature) {
      case 'solana:signMessage':
        return { result: { signature: b64(sign(bytes('message'))) } }
      case 'solana:signTransaction':
        return { result: { signedTransaction: b64(signTransaction(bytes('transaction'))) } }
      case 'solana:signAndSendTransaction': {
        const signed = signTransaction(bytes('transaction'))
        const signature = await cluster.sendRawTransaction(signed, { skipPreflight: false })
        // LiteSVM executes at once; the status says it landed.
        const status = (await cluster.getSignatureStatuses([signature])).value[0]
        if (status?.err)
          return { error: { code: -32603, message: `The transaction failed: ${JSON.stringify(status.err)}` } }
        return { result: { signature: b64(bs58.decode(signature)) } }
      }
    }
    return { error: { code: 4200, message: `Unknown feature ${feature}` } }
  }

  await page.exposeBinding(
    '__frontdoorStandardWallet',
    (_source, feature: string, input: Record<string, unknown>) =>
      handle(feature, input).catch((error: Error) => ({ error: { code: -32603, message: error.message } })),
  )
  await page.addInitScript(
    ({ name, icon, chain, address, publicKey, registerAfterMs }) => {
      const w = window as unknown as TestWindow
      const fromB64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0))
      const toB64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
      const call = async (feature: string, input: Record<string, unknown> = {}) => {
        const reply = await w.__frontdoorStandardWallet(feature, input)
        if ('error' in reply) throw Object.assign(new Error(reply.error.message), { code: reply.error.code })
        return reply.result as Record<string, string>
      }
      const signFeatures = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction']
      const account = Object.freeze({
        address,
        publicKey: fromB64(publicKey),
        chains: [chain],
        features: signFeatures,
      })
      let accounts: (typeof account)[] = []
      const listeners = new Set<(properties: { accounts: (typeof account)[] }) => void>()
      const changed = () => {
        for (const listener of [...listeners]) listener({ accounts })
      }
      const wallet = {
        version: '1.0.0',
        name,
        icon,
        chains: [chain],
        get accounts() {
          return accounts
        },
        features: {
          'standard:connect': {
            version: '1.0.0',
            async connect(input?: { silent?: boolean }) {
              const ok = await call('standard:connect', { silent: input?.silent === true })
              if (ok && accounts.length === 0) {
                accounts = [account]
                changed()
              }
              return { accounts }
            },
          },
          'standard:disconnect': {
            version: '1.0.0',
            async disconnect() {
              await call('standard:disconnect')
              accounts = []
              changed()
            },
          },
          'standard:events': {
            version: '1.0.0',
            on(event: string, listener: (properties: { accounts: (typeof account)[] }) => void) {
              if (event !== 'change') return () => {}
              listeners.add(listener)
              return () => listeners.delete(listener)
            },
          },
          'solana:signMessage': {
            version: '1.1.0',
            async signMessage(...inputs: { message: Uint8Array }[]) {
              const outputs = []
              for (const input of inputs) {
                const { signature } = await call('solana:signMessage', { message: toB64(input.message) })
                outputs.push({ signedMessage: input.message, signature: fromB64(signature as string) })
              }
              return outputs
            },
          },
          'solana:signTransaction': {
            version: '1.0.0',
            supportedTransactionVersions: ['legacy', 0],
            async signTransaction(...inputs: { transaction: Uint8Array }[]) {
              const outputs = []
              for (const input of inputs) {
                const { signedTransaction } = await call('solana:signTransaction', {
                  transaction: toB64(input.transaction),
                })
                outputs.push({ signedTransaction: fromB64(signedTransaction as string) })
              }
              return outputs
            },
          },
          'solana:signAndSendTransaction': {
            version: '1.0.0',
            supportedTransactionVersions: ['legacy', 0],
            async signAndSendTransaction(...inputs: { transaction: Uint8Array; chain: string }[]) {
              const outputs = []
              for (const input of inputs) {
                const { signature } = await call('solana:signAndSendTransaction', {
                  transaction: toB64(input.transaction),
                  chain: input.chain,
                })
                outputs.push({ signature: fromB64(signature as string) })
              }
              return outputs
            },
          },
        },
      }
      // The Wallet Standard's registration (as @wallet-standard/wallet's registerWallet does it): an
      // event for the apps already listening, and an answer to each app that says it is ready later.
      const register = () => {
        const callback = ({ register }: { register: (wallet: unknown) => void }) => register(wallet)
        window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }))
        window.addEventListener('wallet-standard:app-ready', (event) =>
          callback((event as CustomEvent<{ register: (wallet: unknown) => void }>).detail),
        )
      }
      if (registerAfterMs === undefined) register()
      else window.addEventListener('load', () => setTimeout(register, registerAfterMs))
    },
    {
      name,
      icon: ICON,
      chain: CHAIN,
      address,
      publicKey: Buffer.from(keypair.publicKey.toBytes()).toString('base64'),
      registerAfterMs: options.registerAfterMs,
    },
  )

  return {
    name,
    address,
    keypair,
    /** The calls the page made of the wallet's features, in order. */
    calls,
    /** What the user does with the next call of `feature` (default: approve). */
    answer(feature: string, what: Answer) {
      answers.set(feature, what)
    },
    /** Whether the site is authorized (connected, not disconnected). */
    authorized: () => authorized,
  }
}

/** The wallet's handle. */
export type StandardWallet = Awaited<ReturnType<typeof install>>
