import * as Calls from '@frontdoor/protocol/calls'
import { createWalletClient, defineChain, type Hex, http, type PrivateKeyAccount, toHex } from 'viem'
import { generatePrivateKey } from 'viem/accounts'

/**
 * EIP-5792 for the test wallets (injected and WalletConnect), as an EOA wallet answers it: each
 * batch's calls are sent one after the other from the wallet's account on the devnet (mined for real,
 * each waiting for the one before), `atomic` is 'unsupported' on every chain it knows (an EOA gives no
 * atomicity), `atomicRequired` is refused with 5760, non-optional capabilities with 5700. The batch id
 * is the wallet's own (random) unless the dapp gave one; `wallet_getCallsStatus` reads the receipts.
 */

type RpcError = { code: number; message: string }

/** A wallet-side EIP-5792 error, as the test wallets throw them. */
const failure = (name: keyof typeof Calls.ERRORS): RpcError => ({ ...Calls.ERRORS[name] })
const UNAUTHORIZED: RpcError = {
  code: 4100,
  message: 'The requested account has not been authorized by the user.',
}
const INVALID: RpcError = { code: -32602, message: 'Invalid params' }

/** A receipt as EIP-5792 reports it (the node's fields, as the node gave them). */
type Receipt = {
  logs: { address: Hex; data: Hex; topics: Hex[] }[]
  status: Hex
  blockHash: Hex
  blockNumber: Hex
  gasUsed: Hex
  transactionHash: Hex
}

type Batch = {
  chainId: number
  /** Each call's transaction hash, in order, once sent. */
  hashes: Hex[]
  /** The receipts read so far. */
  receipts: Receipt[]
  /** The calls that could not be sent (the node refused them, e.g. a failing gas estimate). */
  failed: number
  done: boolean
}

/** Options of {@link create}. */
export type Options = {
  account: PrivateKeyAccount
  /** The RPC of a chain the wallet knows, or undefined. */
  rpcOf: (chainId: number) => string | undefined
  /** The chains the wallet knows now. */
  chains: () => number[]
}

async function rpc<T>(url: string, method: string, params: unknown[]): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: T; error?: RpcError }
  if (body.error) throw body.error
  return body.result as T
}

/** Whether a capability was sent as optional (`{ optional: true }`): a wallet may ignore those. */
const optional = (value: unknown) => (value as { optional?: unknown } | null)?.optional === true
const required = (capabilities: Record<string, unknown> | undefined) =>
  Object.values(capabilities ?? {}).some((value) => !optional(value))

/** The wallet's EIP-5792 side: `answer(method, params)` for the three methods. */
export function create(options: Options) {
  const { account } = options
  const batches = new Map<string, Batch>()

  function capabilities(params: unknown[]) {
    const [address, ids] = params as [string | null | undefined, string[] | undefined]
    if (address && address.toLowerCase() !== account.address.toLowerCase()) throw UNAUTHORIZED
    const known = options.chains()
    const chains = ids ? ids.map((id) => Number.parseInt(id, 16)).filter((id) => known.includes(id)) : known
    return Object.fromEntries(
      chains.map((id) => [toHex(id), { atomic: { status: Calls.ATOMIC.unsupported } }]),
    )
  }

  /** Sends each call in turn, waiting for its receipt; stops at the first the node refuses. */
  async function run(batch: Batch, calls: Calls.Call[], url: string) {
    const chain = defineChain({
      id: batch.chainId,
      name: `devnet ${batch.chainId}`,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [url] } },
    })
    const wallet = createWalletClient({ account, chain, transport: http(url) })
    for (const [index, call] of calls.entries()) {
      try {
        const hash = await wallet.sendTransaction({
          to: (call.to as Hex | undefined) ?? null,
          ...(call.data ? { data: call.data as Hex } : {}),
          ...(call.value ? { value: BigInt(call.value) } : {}),
        })
        batch.hashes.push(hash)
        for (;;) {
          const receipt = await rpc<Receipt | null>(url, 'eth_getTransactionReceipt', [hash])
          if (receipt) {
            batch.receipts.push({
              logs: receipt.logs.map(({ address, data, topics }) => ({ address, data, topics })),
              status: receipt.status,
              blockHash: receipt.blockHash,
              blockNumber: receipt.blockNumber,
              gasUsed: receipt.gasUsed,
              transactionHash: receipt.transactionHash,
            })
            break
          }
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
      } catch {
        batch.failed = calls.length - index
        break
      }
    }
    batch.done = true
  }

  function send(params: unknown[]) {
    const request = params[0] as Calls.SendCalls | undefined
    if (!request || !Array.isArray(request.calls)) throw INVALID
    if (request.from && request.from.toLowerCase() !== account.address.toLowerCase()) throw UNAUTHORIZED
    const chainId = Number.parseInt(request.chainId, 16)
    const url = options.rpcOf(chainId)
    if (!url || !options.chains().includes(chainId)) throw failure('unsupportedChainId')
    if (request.atomicRequired) throw failure('atomicityNotSupported')
    if (required(request.capabilities) || request.calls.some((call) => required(call.capabilities)))
      throw failure('unsupportedNonOptionalCapability')
    const id = request.id ?? generatePrivateKey()
    if (batches.has(id)) throw failure('duplicateId')
    const batch: Batch = { chainId, hashes: [], receipts: [], failed: 0, done: false }
    batches.set(id, batch)
    void run(batch, request.calls, url)
    return { id }
  }

  function status(params: unknown[]) {
    const id = params[0]
    const batch = typeof id === 'string' ? batches.get(id) : undefined
    if (!batch) throw failure('unknownBundleId')
    const reverted = batch.receipts.filter((r) => r.status !== '0x1').length
    const included = batch.receipts.length
    let code: number = Calls.STATUS.pending
    if (batch.done) {
      if (included === 0) code = Calls.STATUS.offchainFailure
      else if (reverted === included && batch.failed === 0) code = Calls.STATUS.reverted
      else if (reverted > 0 || batch.failed > 0) code = Calls.STATUS.partiallyReverted
      else code = Calls.STATUS.confirmed
    }
    return {
      version: Calls.VERSION,
      id,
      chainId: toHex(batch.chainId),
      status: code,
      atomic: false,
      receipts: batch.receipts,
    }
  }

  return {
    /** Answers an EIP-5792 request (throws `{ code, message }` as the wallet's error). */
    answer(method: Calls.Method, params: unknown): unknown {
      const list = Array.isArray(params) ? params : []
      if (method === 'wallet_getCapabilities') return capabilities(list)
      if (method === 'wallet_sendCalls') return send(list)
      return status(list)
    },
    /** The transaction hashes of batch `id`, in call order (for the tests' own checks). */
    hashesOf: (id: string) => batches.get(id)?.hashes ?? [],
  }
}

/** What a wallet without EIP-5792 answers (JSON-RPC's method not found, as extensions do). */
export const NOT_FOUND: RpcError = { code: -32601, message: 'The method does not exist / is not available.' }
