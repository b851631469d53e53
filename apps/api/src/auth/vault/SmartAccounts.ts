import * as Calls from '@frontdoor/protocol/calls'
import * as FrontdoorAccount from '@frontdoor/smart-account'
import { type Hex, http, numberToHex, type PublicClient, type TypedDataDefinition } from 'viem'
import {
  createBundlerClient,
  type UserOperationReceipt,
  UserOperationReceiptNotFoundError,
} from 'viem/account-abstraction'
import * as Clients from '../../chains/Clients.js'
import type * as ApiDeps from '../../Deps.js'
import * as Vault from './Vault.js'

/**
 * The embedded wallet's smart accounts (spec section 1: smartAccount is the EVM default): each user's
 * FrontdoorAccount (@frontdoor/smart-account, ERC-4337 v0.7), owned by the user's EOA in the vault. Its
 * address is counterfactual until its first user operation deploys it. It exists on the chains the API
 * has a bundler for (`config.bundlers`: BUNDLER_URL/<chainId>, the devnets); its user operations go to
 * that bundler, signed by the owner key here as the account's EIP-712 `FrontdoorUserOperation` typed
 * data (the account takes no EIP-191 signature of a user operation). Its signatures are ERC-1271 (the account's
 * replay-safe wrapping) once deployed and ERC-6492 before, as viem's `verifyMessage` checks them.
 */

/** What the smart account's calls need. */
export type Deps = Pick<ApiDeps.Deps, 'db' | 'auth' | 'upstreams' | 'config'>

/** One request of a user's smart account: who, which EOA owns it, on which chain, for which method. */
export type Context = { deps: Deps; userId: string; eoa: Hex; chain: string; method: string }

/** How long a sent user operation may take to be included before the send fails. */
export const RECEIPT_TIMEOUT_MS = 60_000
/** How often the bundler is asked for the receipt meanwhile. */
const RECEIPT_POLL_MS = 250

/**
 * Headroom added to the bundler's `callGasLimit` estimate, in percent. The bundler simulates the calls
 * in the latest block's context; the operation runs in a later block, where state that depends on the
 * block costs more: a Uniswap v2 pair traded in the latest block skips its two price-accumulator writes
 * in the simulation (no time elapsed since its last trade) and makes them when mined. Measured on the
 * devnet (issue 15): approve + swap FUSD -> WETH right after buying the FUSD through the same pair,
 * 126,186 estimated and out of gas in the pair when mined (the operation reverted); 133,510 needed.
 * Call gas left unused costs 10% of it (EntryPoint v0.7's penalty).
 */
export const CALL_GAS_MARGIN_PERCENT = 20n

/** `estimated` call gas with CALL_GAS_MARGIN_PERCENT on top. */
export function withCallGasMargin(estimated: bigint): bigint {
  return estimated + (estimated * CALL_GAS_MARGIN_PERCENT) / 100n
}

/** The smart account of `eoa`: its address on every chain with the devnets' factory, deployed or not. */
export function addressOf(eoa: Hex): Hex {
  return FrontdoorAccount.addressOf(eoa)
}

/** Whether `chain` (CAIP-2) has the smart account: the API reaches a bundler for it. */
export function enabled(config: Pick<Deps['config'], 'bundlers'>, chain: string): boolean {
  return Object.hasOwn(config.bundlers, chain)
}

/**
 * The chains (CAIP-2) with the smart account: where the user is shown it (Login.smartAccountOn) and
 * the modal's `getSmartAccountEnabledNetworks` offers it (`GET /v1/smart-account/networks`).
 */
export function chains(config: Pick<Deps['config'], 'bundlers'>): string[] {
  return Object.keys(config.bundlers)
}

/** Whether the account has code on the chain (deployed by its first user operation). */
export async function isDeployed(client: Pick<PublicClient, 'getCode'>, address: Hex): Promise<boolean> {
  const code = await client.getCode({ address })
  return code !== undefined && code !== '0x'
}

function account(context: Context) {
  const { deps, userId, eoa, chain, method } = context
  return FrontdoorAccount.toFrontdoorAccount({
    client: Clients.of(deps.upstreams, chain),
    owner: Vault.owner(deps.db, deps.auth.vault, userId, { address: eoa, chain, method }),
  })
}

/** `personal_sign` for the smart account: ERC-1271 once deployed, ERC-6492-wrapped before. */
export async function signMessage(context: Context, message: string): Promise<Hex> {
  const signed = /^0x([0-9a-fA-F]{2})*$/.test(message) ? { raw: message as Hex } : message
  return (await account(context)).signMessage({ message: signed })
}

/** `eth_signTypedData_v4` for the smart account: ERC-1271 once deployed, ERC-6492-wrapped before. */
export async function signTypedData(context: Context, typedData: TypedDataDefinition): Promise<Hex> {
  return (await account(context)).signTypedData(typedData)
}

/** A user operation the bundler included: its hash, the transaction that carried it, and whether it succeeded. */
export type Sent = { userOpHash: Hex; transactionHash: Hex; success: boolean }

/**
 * Sends `calls` as ONE user operation of the user's smart account (one call is `execute`, several one
 * atomic `executeBatch`); the first deploys the account through its factory (initCode). The bundler's
 * call gas estimate gets CALL_GAS_MARGIN_PERCENT on top before the owner signs. Waits for the bundler's
 * receipt.
 */
export async function send(context: Context, calls: FrontdoorAccount.Call[]): Promise<Sent> {
  const { deps, chain } = context
  const bundler = createBundlerClient({
    client: Clients.of(deps.upstreams, chain),
    transport: http(deps.config.bundlers[chain], { retryCount: 0, timeout: 30_000 }),
  })
  const smart = await account(context)
  const prepared = await bundler.prepareUserOperation({ account: smart, calls })
  // `prepared` carries the account's stub signature (for the estimate): the owner signs the final operation.
  const operation = { ...prepared, callGasLimit: withCallGasMargin(prepared.callGasLimit) }
  const userOpHash = await bundler.sendUserOperation({
    ...operation,
    account: smart,
    signature: await smart.signUserOperation(operation),
  })
  const receipt = await bundler.waitForUserOperationReceipt({
    hash: userOpHash,
    pollingInterval: RECEIPT_POLL_MS,
    timeout: RECEIPT_TIMEOUT_MS,
  })
  return { userOpHash, transactionHash: receipt.receipt.transactionHash, success: receipt.success }
}

/** `wallet_getCallsStatus`' answer (EIP-5792 2.0.0) for a batch sent as one user operation. */
export function callsStatus(id: string, chainId: number, receipt: UserOperationReceipt) {
  const { receipt: carrier } = receipt
  return {
    version: Calls.VERSION,
    id,
    chainId: numberToHex(chainId),
    atomic: true,
    status: receipt.success ? Calls.STATUS.confirmed : Calls.STATUS.reverted,
    receipts: [
      {
        // The user operation's own logs, not those of other operations in the same bundle.
        logs: receipt.logs.map(({ address, data, topics }) => ({ address, data, topics })),
        status: receipt.success ? '0x1' : '0x0',
        blockHash: carrier.blockHash,
        blockNumber: numberToHex(carrier.blockNumber),
        gasUsed: numberToHex(receipt.actualGasUsed),
        transactionHash: carrier.transactionHash,
      },
    ],
  }
}

/** The receipt of user operation `id` on the first chain whose bundler knows it, or undefined. */
export async function find(
  deps: Deps,
  id: Hex,
): Promise<{ chain: string; receipt: UserOperationReceipt } | undefined> {
  for (const chain of chains(deps.config)) {
    const bundler = createBundlerClient({
      client: Clients.of(deps.upstreams, chain),
      transport: http(deps.config.bundlers[chain], { retryCount: 0, timeout: 10_000 }),
    })
    try {
      return { chain, receipt: await bundler.getUserOperationReceipt({ hash: id }) }
    } catch (error) {
      if (!(error instanceof UserOperationReceiptNotFoundError)) throw error
    }
  }
  return undefined
}
