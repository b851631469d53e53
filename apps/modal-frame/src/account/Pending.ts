import type * as Transaction from '@frontdoor/schemas/entities/transaction'
import * as Store from '../store/Store.js'

/**
 * Transactions this modal sent that the history does not hold yet: shown in Activity as pending and
 * counted in its badge until the chain has mined them and the history lists them.
 */

/** A sent transaction, as the Send flow knows it. */
export type Sent = {
  hash: string
  /** CAIP-2 network id. */
  chain: string
  from: string
  to: string
  symbol: string
  iconUrl: string | undefined
  /** Decimal amount, as typed. */
  amount: string
  sentAt: number
}

/** Creates the store of pending sends. */
export function create() {
  const store = Store.create<Sent[]>([])
  return {
    get: store.get,
    subscribe: store.subscribe,
    /** Records a sent transaction. */
    add(sent: Sent) {
      store.set((list) => [sent, ...list.filter((s) => s.hash !== sent.hash)])
    },
    /** Forgets a transaction (mined and in the history, or given up on). */
    remove(hash: string) {
      store.set((list) => list.filter((s) => s.hash.toLowerCase() !== hash.toLowerCase()))
    },
  }
}

export type Pending = ReturnType<typeof create>

/** The frame's pending sends. */
export const frame: Pending = create()

/** A pending send as a history transaction (status pending, operation send, one outgoing transfer). */
export function toTransaction(sent: Sent): Transaction.Transaction {
  return {
    id: sent.hash,
    metadata: {
      operationType: 'send',
      hash: sent.hash,
      chain: sent.chain,
      minedAt: new Date(sent.sentAt).toISOString(),
      sentFrom: sent.from,
      sentTo: sent.to,
      status: 'pending',
      nonce: 0,
    },
    transfers: [
      {
        fungible_info: { symbol: sent.symbol, ...(sent.iconUrl ? { icon: { url: sent.iconUrl } } : {}) },
        direction: 'out',
        quantity: { numeric: sent.amount },
      },
    ],
  }
}

/**
 * The history with this account's pending sends on `chain` that it does not list yet, newest first
 * (the history's own order is kept for the rest).
 */
export function merge(
  history: readonly Transaction.Transaction[],
  pending: readonly Sent[],
  account: string,
  chain: string,
): Transaction.Transaction[] {
  const known = new Set(history.map((tx) => tx.metadata.hash.toLowerCase()))
  const extra = pending
    .filter(
      (s) =>
        s.chain === chain &&
        s.from.toLowerCase() === account.toLowerCase() &&
        !known.has(s.hash.toLowerCase()),
    )
    .map(toTransaction)
  return [...extra, ...history]
}
