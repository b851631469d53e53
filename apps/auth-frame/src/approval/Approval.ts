import * as Errors from '@frontdoor/protocol/errors'
import type * as SignRequest from '@frontdoor/protocol/sign-request'
import * as SchemaErrors from '@frontdoor/schemas/errors'
import type * as Summary from './Summary.js'

/**
 * The queue of unsafe requests waiting for the user. One request is shown at a time; the vault is asked
 * only after the user approves it. Decline rejects with 4001 'Signature declined', an abort rejects
 * every waiting request with 'Request was aborted'.
 */

/** What the user is asked to approve. */
export type Request = {
  method: string
  params: unknown
  /** The chain the request is for. */
  chainId: number
  /** The user's address (the signer). */
  address: string
  /** eth_sendTransaction: the transaction as it will be signed, and what the chain estimated. */
  transaction?: (SignRequest.Transaction & { estimated: SignRequest.Estimable[] }) | undefined
  /** The chain's name and native currency symbol from the network registry, when it lists the chain. */
  network?: { name: string; symbol: string } | undefined
  /** Solana transactions: what the screen shows of them (Solana.describe). */
  solana?: Summary.Summary | undefined
  /** wallet_sendCalls: what the screen shows of the batch (Batch.describe). */
  batch?: Summary.Summary | undefined
  /** Bitcoin, Polkadot and Cosmos messages: what the screen shows of them (NamespaceMessage.describe). */
  message?: Summary.Summary | undefined
  /** Transactions, typed data and batches that move or grant tokens: what the screen shows (Tokens.describe). */
  tokens?: Summary.Summary | undefined
}

/** The request on screen: waiting for a decision, or approved and being signed. */
export type Item = Request & { id: number; status: 'waiting' | 'working' }

/** What the approval screen shows. */
export type State = { current: Item | undefined; queued: number }

type Entry = {
  item: Item
  perform: () => Promise<unknown>
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
}

/** The rejection of a declined request: 4001 'Signature declined'. */
function declined(): Errors.ProviderRpcError {
  return Errors.providerError('userRejectedRequest', SchemaErrors.SIGNATURE_DECLINED)
}

/** The rejection of an aborted request: 4001 'Request was aborted'. */
function aborted(): Errors.ProviderRpcError {
  return Errors.providerError('userRejectedRequest', Errors.REQUEST_ABORTED)
}

/** Creates the queue. */
export function create() {
  const entries: Entry[] = []
  const listeners = new Set<(state: State) => void>()
  let nextId = 1

  const state = (): State => ({ current: entries[0]?.item, queued: Math.max(0, entries.length - 1) })
  const emit = () => {
    const s = state()
    for (const listener of [...listeners]) listener(s)
  }
  const remove = (entry: Entry) => {
    const index = entries.indexOf(entry)
    if (index !== -1) entries.splice(index, 1)
  }

  return {
    /** The current state. */
    get: state,
    /** Listens to changes; returns the unsubscribe function. */
    subscribe(listener: (state: State) => void) {
      listeners.add(listener)
      return () => void listeners.delete(listener)
    },
    /**
     * Queues `request`; on approval runs `perform` (the vault call) and settles with its outcome; on
     * decline rejects with {@link declined}.
     */
    ask<T>(request: Request, perform: () => Promise<T>): Promise<T> {
      return new Promise<T>((resolve, reject) => {
        entries.push({
          item: { ...request, id: nextId++, status: 'waiting' },
          perform,
          resolve: resolve as (value: unknown) => void,
          reject,
        })
        emit()
      })
    },
    /** The user approved the request on screen (ignored unless `id` is on screen and waiting). */
    approve(id: number) {
      const entry = entries[0]
      if (!entry || entry.item.id !== id || entry.item.status !== 'waiting') return
      entry.item = { ...entry.item, status: 'working' }
      emit()
      const settle = (done: () => void) => {
        remove(entry)
        emit()
        done()
      }
      entry.perform().then(
        (value) => settle(() => entry.resolve(value)),
        (error: unknown) => settle(() => entry.reject(error)),
      )
    },
    /** The user declined the request on screen. */
    decline(id: number) {
      const entry = entries[0]
      if (!entry || entry.item.id !== id || entry.item.status !== 'waiting') return
      remove(entry)
      entry.reject(declined())
      emit()
    },
    /** Rejects every request still waiting for a decision (one being signed finishes). */
    abort() {
      const waiting = entries.filter((entry) => entry.item.status === 'waiting')
      if (waiting.length === 0) return
      for (const entry of waiting) {
        remove(entry)
        entry.reject(aborted())
      }
      emit()
    },
  }
}

/** The approval queue. */
export type Approval = ReturnType<typeof create>
