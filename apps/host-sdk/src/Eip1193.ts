import * as Errors from '@frontdoor/protocol/errors'
import * as Emitter from './Emitter.js'

/**
 * The page's EIP-1193 provider: it answers eth_accounts, eth_chainId and eth_requestAccounts itself,
 * sends the rest to the modal, and emits the events the page's state changes imply.
 */

/** An EIP-1193 provider. */
export type Provider = {
  request: (args: { method: string; params?: unknown }) => Promise<unknown>
  on: (event: string, listener: (...args: never[]) => void) => void
  removeListener: (event: string, listener: (...args: never[]) => void) => void
}

/** What the provider knows of the page's state: the connected account and the chain. */
type Account = { address?: string | undefined; chainId?: number | undefined }

/** `n` as an EIP-1193 hex quantity. */
export const hex = (n: number) => `0x${n.toString(16)}`

let requestId = 0

/**
 * Creates the provider, starting from the page's state `account`. It asks the modal through
 * `settled` (resolves once the modal restored the stored connections), `open` (for the visitor to
 * connect) and `send` (a request it does not answer itself; rejects with the EIP-1193 error).
 * `update` is told each new state; `settle` ends the eth_requestAccounts calls still waiting.
 */
export function create(
  account: Account,
  settled: () => Promise<unknown>,
  open: () => Promise<void>,
  send: (request: { id: number; method: string; params?: unknown }) => Promise<unknown>,
) {
  const emitter = Emitter.create()
  // eth_requestAccounts calls waiting for the visitor: settled by a connection or by closing the modal.
  let pending: { resolve: (a: string[]) => void; reject: (e: Error) => void }[] = []

  function settle(outcome: { accounts: string[] } | { error: Error }) {
    const settled = pending
    pending = []
    for (const p of settled) 'accounts' in outcome ? p.resolve(outcome.accounts) : p.reject(outcome.error)
  }

  /** eth_requestAccounts: the account, or the modal until the visitor connects (4001 if they close it). */
  async function requestAccounts(): Promise<string[]> {
    await settled()
    if (account.address) return [account.address]
    return new Promise<string[]>((resolve, reject) => {
      pending.push({ resolve, reject })
      open().catch((error: Error) => {
        pending = pending.filter((p) => p.reject !== reject)
        reject(error)
      })
    })
  }

  const provider: Provider = {
    async request(args) {
      if (!args || typeof args !== 'object' || typeof args.method !== 'string')
        throw Errors.providerError('invalidParams')
      const { method, params } = args
      if (params !== undefined && (typeof params !== 'object' || params === null))
        throw Errors.providerError('invalidParams')
      switch (method) {
        case 'eth_accounts':
          await settled()
          return account.address ? [account.address] : []
        case 'eth_chainId':
          return hex(account.chainId ?? 1)
        case 'eth_requestAccounts':
          return requestAccounts()
      }
      return send({ id: ++requestId, method, ...(params === undefined ? {} : { params }) })
    },
    on: emitter.on,
    removeListener: emitter.removeListener,
  }

  return {
    provider,
    /** Emits a provider event the modal sent. */
    emit: emitter.emit,
    settle,
    /**
     * Takes the page's next state and emits the provider events it implies, each once, in the order
     * wallets emit them: on connecting `chainChanged` (when the wallet's chain differs), `connect`, then
     * `accountsChanged`; on disconnecting `accountsChanged` with no accounts, then `disconnect`. The
     * page is connected while it has an account (a second wallet being added keeps the first).
     */
    update(next: Account) {
      const previous = account
      account = next
      if (previous.chainId !== next.chainId && next.chainId) emitter.emit('chainChanged', hex(next.chainId))
      if (!previous.address && next.address) {
        emitter.emit('connect', { chainId: hex(next.chainId ?? 1) })
        emitter.emit('accountsChanged', [next.address])
      } else if (previous.address && !next.address) {
        emitter.emit('accountsChanged', [])
        emitter.emit('disconnect', Errors.providerError('disconnected'))
      } else if (previous.address !== next.address) emitter.emit('accountsChanged', [next.address])
      if (next.address) settle({ accounts: [next.address] })
    },
  }
}
