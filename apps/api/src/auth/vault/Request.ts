import { Caip } from '@frontdoor/schemas'
import type { Hex, TransactionSerializable } from 'viem'
import * as zm from 'zod/mini'
import type * as Deps from '../../Deps.js'
import type * as Db from '../../db/Db.js'
import * as Login from '../Login.js'
import * as Users from '../users/Users.js'
import * as Refusals from './Refusals.js'
import type * as SendLock from './SendLock.js'
import * as SmartAccounts from './SmartAccounts.js'
import * as Vault from './Vault.js'

/**
 * One signing request to the vault (`POST /v1/vault/rpc`): its body, the session user and their
 * accounts, and what every method family's handler shares (whose the addresses are, the smart
 * account's context, the user's send lock).
 */

/** The body of a vault request: the method, its params, and the chain it is for. */
export const Body = zm.object({
  chainId: zm.optional(zm.union([zm.number(), zm.string().check(zm.maxLength(100))])),
  method: zm.string().check(zm.maxLength(100)),
  params: zm.optional(zm.unknown()),
})

/** A vault request, read by a method's handler. */
export type Request = {
  deps: Deps.Deps
  db: Db.Db
  vault: Vault.Vault
  userId: string
  body: zm.output<typeof Body>
  /** The user's keys' addresses (made on first use). */
  addresses: Vault.Addresses
  /** The smart account the EOA owns (SmartAccounts.ts). */
  smartAccount: Hex
  /** Whether `address` is the user's smart account. */
  isSmart: (address: string) => boolean
  /** Whether `address` is the user's: the EOA or its smart account. */
  isMine: (address: string) => boolean
  /** The user's current EVM account on `chainId` (Login.accountOn: the EOA where no bundler is). */
  current: (chainId: number) => Promise<string>
  /** The smart account's request on `chainId`: 4901 where the API has no bundler (no smart account there). */
  smart: (chainId: number, method: string) => SmartAccounts.Context
  /** Signs a filled transaction of the EOA on `chain` (logged as eth_sendTransaction). */
  signWith: (chain: string) => (transaction: TransactionSerializable) => Promise<Hex>
  /** Runs `task` once the user's previous send settled (SendLock.ts). */
  oneAtATime: <T>(task: () => Promise<T>) => Promise<T>
}

/** A method's handler: the JSON-RPC `result`, or a thrown refusal (Refusals.ts). */
export type Handler = (request: Request) => Promise<unknown>

/**
 * The request of the session user `userId`, making their keys on first use.
 *
 * @example
 * const request = await Request.create(deps, { userId, body, lock })
 */
export async function create(
  deps: Deps.Deps,
  options: { userId: string; body: Request['body']; lock: SendLock.SendLock },
): Promise<Request> {
  const { userId, body, lock } = options
  const { db } = deps
  const { vault } = deps.auth
  const addresses = await Vault.ensureKeys(db, vault, userId)
  // The EOA, and the smart account it owns (SmartAccounts.ts): both are the user's.
  const smartAccount = SmartAccounts.addressOf(addresses.evm)
  const isSmart = (address: string) => address.toLowerCase() === smartAccount.toLowerCase()
  return {
    deps,
    db,
    vault,
    userId,
    body,
    addresses,
    smartAccount,
    isSmart,
    isMine: (address) => address.toLowerCase() === addresses.evm.toLowerCase() || isSmart(address),
    current: async (chainId) => {
      const chain = Caip.formatCaip2('eip155', chainId)
      const preferred = (await Users.get(db, userId))?.preferredAccountType
      return Login.accountOn(preferred, addresses.evm, Login.smartAccountOn(deps.config, chain)).address
    },
    smart: (chainId, method) => {
      const chain = Caip.formatCaip2('eip155', chainId)
      if (!SmartAccounts.enabled(deps.config, chain) || !deps.upstreams.has(chain))
        throw Refusals.chainDisconnected({ chainId: chain, reason: 'no smart account on this chain' })
      return { deps, userId, eoa: addresses.evm, chain, method }
    },
    signWith: (chain) => (transaction) => Vault.signTransaction(db, vault, userId, { chain, transaction }),
    oneAtATime: (task) => lock(userId, task),
  }
}
