import { base58, base64 } from '@scure/base'
import * as z from 'zod'
import * as Cluster from './Cluster.js'
import * as Genesis from './Genesis.js'
import * as Token from './Token.js'
import * as Wire from './Wire.js'

/**
 * Solana's JSON-RPC over the local cluster: the methods `@solana/web3.js`'s Connection calls to read
 * accounts and tokens, send, simulate and confirm transactions, and airdrop. Every request's params are
 * validated (zod); errors have the codes and messages a validator answers with.
 */

/** The validator version the cluster reports (and each context's apiVersion). */
export const VERSION = '2.2.0'
/** The most accounts one getMultipleAccounts reads, and signatures one getSignatureStatuses asks. */
export const MULTIPLE_ACCOUNTS_MAX = 100
export const SIGNATURE_STATUSES_MAX = 256
/** The feature set the cluster reports (a fixed number, as a validator's). */
const FEATURE_SET = 3_294_202_862

/** JSON-RPC error codes, as a validator uses them. */
export const Code = {
  parseError: -32700,
  invalidRequest: -32600,
  methodNotFound: -32601,
  invalidParams: -32602,
  internalError: -32603,
  preflightFailure: -32002,
  signatureVerificationFailure: -32003,
} as const

/** A JSON-RPC error the method answers. */
export class RpcError extends Error {
  override name = 'RpcError'
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
  }
}

const Id = z.union([z.string(), z.number(), z.null()])

/** One JSON-RPC 2.0 request. */
export const Request = z.object({
  jsonrpc: z.literal('2.0'),
  id: z.optional(Id),
  method: z.string().min(1),
  params: z.optional(z.array(z.unknown())),
})

/** A base58 address (32 bytes). */
const Pubkey = z.string().refine((value) => {
  try {
    return base58.decode(value).length === 32
  } catch {
    return false
  }
}, 'Invalid')

/** A base58 signature (64 bytes). */
const SignatureString = z.string().refine((value) => {
  try {
    return base58.decode(value).length === 64
  } catch {
    return false
  }
}, 'Invalid')

const Commitment = z.enum([
  'processed',
  'confirmed',
  'finalized',
  'recent',
  'single',
  'singleGossip',
  'root',
  'max',
])
const Config = z.looseObject({ commitment: z.optional(Commitment), minContextSlot: z.optional(z.number()) })
const AccountEncoding = z.enum(['base58', 'base64', 'jsonParsed', 'binary'])
const AccountConfig = z.looseObject({
  ...Config.shape,
  encoding: z.optional(AccountEncoding),
  dataSlice: z.optional(z.object({ offset: z.number().int().min(0), length: z.number().int().min(0) })),
})
const TransactionEncoding = z.enum(['base58', 'base64'])
const SendConfig = z.looseObject({
  encoding: z.optional(TransactionEncoding),
  skipPreflight: z.optional(z.boolean()),
  preflightCommitment: z.optional(Commitment),
  maxRetries: z.optional(z.number().int().min(0)),
  minContextSlot: z.optional(z.number()),
})
const SimulateConfig = z.looseObject({
  ...Config.shape,
  encoding: z.optional(TransactionEncoding),
  sigVerify: z.optional(z.boolean()),
  replaceRecentBlockhash: z.optional(z.boolean()),
  accounts: z.optional(z.unknown()),
  innerInstructions: z.optional(z.boolean()),
})
const Lamports = z.number().int().positive().max(Number.MAX_SAFE_INTEGER)
const Filter = z.union([z.object({ mint: Pubkey }), z.object({ programId: Pubkey })])

type Method = { params: z.ZodType<unknown[]>; run: (cluster: Cluster.Cluster, params: never) => unknown }

/** A method: its params' schema and what it answers. */
function method<P extends unknown[]>(
  params: z.ZodType<P>,
  run: (cluster: Cluster.Cluster, params: P) => unknown,
): Method {
  return { params: params as z.ZodType<unknown[]>, run: run as Method['run'] }
}

/** An answer with its context (the slot it was read at). */
function withContext(cluster: Cluster.Cluster, value: unknown) {
  return { context: { apiVersion: VERSION, slot: cluster.slot() }, value }
}

function decimalsOf(cluster: Cluster.Cluster) {
  return (mint: string) => {
    const account = cluster.account(mint)
    return account ? Token.decodeMint(account.data)?.decimals : undefined
  }
}

/** An account as the RPC writes it, in the encoding asked for. */
function accountJson(
  cluster: Cluster.Cluster,
  account: Cluster.Account,
  config: z.infer<typeof AccountConfig> | undefined,
) {
  const encoding = config?.encoding ?? 'base58'
  const slice = config?.dataSlice
  const data = slice ? account.data.subarray(slice.offset, slice.offset + slice.length) : account.data
  const parsed =
    encoding === 'jsonParsed' && account.owner === Genesis.TOKEN_PROGRAM && !slice
      ? Token.parsed(account.data, decimalsOf(cluster))
      : undefined
  return {
    data:
      parsed ??
      (encoding === 'base58' || encoding === 'binary'
        ? [base58.encode(data), 'base58']
        : [base64.encode(data), 'base64']),
    executable: account.executable,
    lamports: Number(account.lamports),
    owner: account.owner,
    rentEpoch: Number(account.rentEpoch),
    space: account.data.length,
  }
}

function transactionBytes(encoded: string, encoding: 'base58' | 'base64' | undefined): Wire.Transaction {
  try {
    const bytes = encoding === 'base64' ? base64.decode(encoded) : base58.decode(encoded)
    return Wire.parse(bytes)
  } catch (error) {
    throw new RpcError(Code.invalidParams, `invalid transaction: ${(error as Error).message}`)
  }
}

function tokenAccount(cluster: Cluster.Cluster, address: string) {
  const account = cluster.account(address)
  if (!account) throw new RpcError(Code.invalidParams, 'Invalid param: could not find account')
  const decoded = account.owner === Genesis.TOKEN_PROGRAM ? Token.decodeAccount(account.data) : undefined
  if (!decoded) throw new RpcError(Code.invalidParams, 'Invalid param: not a Token account')
  return decoded
}

function mintOf(cluster: Cluster.Cluster, address: string) {
  const account = cluster.account(address)
  if (!account) throw new RpcError(Code.invalidParams, 'Invalid param: could not find account')
  const mint = account.owner === Genesis.TOKEN_PROGRAM ? Token.decodeMint(account.data) : undefined
  if (!mint) throw new RpcError(Code.invalidParams, 'Invalid param: not a Token mint')
  return mint
}

/** The methods the cluster answers. */
export const METHODS: Record<string, Method> = {
  getHealth: method(z.tuple([]), () => 'ok'),
  getVersion: method(z.tuple([]), () => ({ 'solana-core': VERSION, 'feature-set': FEATURE_SET })),
  getGenesisHash: method(z.tuple([]), (cluster) => cluster.genesisHash),
  getSlot: method(z.tuple([z.optional(Config)]), (cluster) => cluster.slot()),
  getBlockHeight: method(z.tuple([z.optional(Config)]), (cluster) => cluster.slot()),
  getEpochInfo: method(z.tuple([z.optional(Config)]), (cluster) => {
    const slot = cluster.slot()
    return {
      absoluteSlot: slot,
      blockHeight: slot,
      epoch: 0,
      slotIndex: slot,
      slotsInEpoch: 432_000,
      transactionCount: null,
    }
  }),
  getLatestBlockhash: method(z.tuple([z.optional(Config)]), (cluster) => {
    const { slot, blockhash, lastValidBlockHeight } = cluster.latestBlockhash()
    return { context: { apiVersion: VERSION, slot }, value: { blockhash, lastValidBlockHeight } }
  }),
  isBlockhashValid: method(z.tuple([z.string(), z.optional(Config)]), (cluster, [blockhash]) =>
    withContext(cluster, cluster.isBlockhashValid(blockhash)),
  ),
  getMinimumBalanceForRentExemption: method(
    z.tuple([
      z
        .number()
        .int()
        .min(0)
        .max(10 * 1024 * 1024),
      z.optional(Config),
    ]),
    (cluster, [size]) => Number(cluster.rentExempt(size)),
  ),
  getFeeForMessage: method(z.tuple([z.string(), z.optional(Config)]), (cluster, [message]) => {
    try {
      return withContext(cluster, cluster.fee(base64.decode(message)))
    } catch (error) {
      throw new RpcError(Code.invalidParams, `invalid message: ${(error as Error).message}`)
    }
  }),
  getBalance: method(z.tuple([Pubkey, z.optional(Config)]), (cluster, [address]) =>
    withContext(cluster, Number(cluster.account(address)?.lamports ?? 0n)),
  ),
  getAccountInfo: method(z.tuple([Pubkey, z.optional(AccountConfig)]), (cluster, [address, config]) => {
    const account = cluster.account(address)
    return withContext(cluster, account ? accountJson(cluster, account, config) : null)
  }),
  getMultipleAccounts: method(
    z.tuple([z.array(Pubkey).max(MULTIPLE_ACCOUNTS_MAX), z.optional(AccountConfig)]),
    (cluster, [addresses, config]) =>
      withContext(
        cluster,
        addresses.map((address) => {
          const account = cluster.account(address)
          return account ? accountJson(cluster, account, config) : null
        }),
      ),
  ),
  getTokenAccountsByOwner: method(
    z.tuple([Pubkey, Filter, z.optional(AccountConfig)]),
    (cluster, [owner, filter, config]) => {
      const program = 'programId' in filter ? filter.programId : cluster.account(filter.mint)?.owner
      if (!program) throw new RpcError(Code.invalidParams, 'Invalid param: could not find mint')
      const accounts = cluster.programAccounts(program).filter(({ account }) => {
        const decoded = Token.decodeAccount(account.data)
        return decoded?.owner === owner && (!('mint' in filter) || decoded.mint === filter.mint)
      })
      return withContext(
        cluster,
        accounts.map(({ address, account }) => ({
          pubkey: address,
          account: accountJson(cluster, account, config),
        })),
      )
    },
  ),
  getTokenAccountBalance: method(z.tuple([Pubkey, z.optional(Config)]), (cluster, [address]) => {
    const account = tokenAccount(cluster, address)
    return withContext(cluster, Token.uiAmount(account.amount, mintOf(cluster, account.mint).decimals))
  }),
  getTokenSupply: method(z.tuple([Pubkey, z.optional(Config)]), (cluster, [address]) => {
    const mint = mintOf(cluster, address)
    return withContext(cluster, Token.uiAmount(mint.supply, mint.decimals))
  }),
  getSignatureStatuses: method(
    z.tuple([
      z
        .array(SignatureString)
        .max(SIGNATURE_STATUSES_MAX, `too many inputs provided; max ${SIGNATURE_STATUSES_MAX}`),
      z.optional(z.looseObject({ searchTransactionHistory: z.optional(z.boolean()) })),
    ]),
    (cluster, [signatures]) =>
      withContext(
        cluster,
        cluster.statuses(signatures).map((status) =>
          status
            ? {
                slot: status.slot,
                confirmations: null,
                err: status.err,
                status: status.err ? { Err: status.err } : { Ok: null },
                confirmationStatus: 'finalized',
              }
            : null,
        ),
      ),
  ),
  requestAirdrop: method(z.tuple([Pubkey, Lamports, z.optional(Config)]), (cluster, [address, lamports]) =>
    cluster.airdrop(address, BigInt(lamports)),
  ),
  sendTransaction: method(z.tuple([z.string(), z.optional(SendConfig)]), (cluster, [encoded, config]) => {
    const transaction = transactionBytes(encoded, config?.encoding)
    try {
      return cluster.send(transaction, { preflight: !config?.skipPreflight })
    } catch (error) {
      if (!(error instanceof Cluster.SendError)) throw error
      if (error.kind === 'signature') throw new RpcError(Code.signatureVerificationFailure, error.message)
      const outcome = error.outcome
      throw new RpcError(Code.preflightFailure, error.message, {
        accounts: null,
        err: outcome?.err ?? null,
        innerInstructions: null,
        logs: outcome?.logs ?? [],
        replacementBlockhash: null,
        returnData: null,
        unitsConsumed: outcome?.unitsConsumed ?? 0,
      })
    }
  }),
  simulateTransaction: method(
    z.tuple([z.string(), z.optional(SimulateConfig)]),
    (cluster, [encoded, config]) => {
      if (config?.sigVerify && config.replaceRecentBlockhash)
        throw new RpcError(Code.invalidParams, 'sigVerify may not be used with replaceRecentBlockhash')
      const transaction = transactionBytes(encoded, config?.encoding)
      const simulated = cluster.simulate(transaction, {
        sigVerify: config?.sigVerify ?? false,
        replaceRecentBlockhash: config?.replaceRecentBlockhash ?? false,
      })
      return {
        context: { apiVersion: VERSION, slot: simulated.slot },
        value: {
          err: simulated.outcome.err,
          logs: simulated.outcome.logs,
          accounts: null,
          unitsConsumed: simulated.outcome.unitsConsumed,
          returnData: null,
          innerInstructions: null,
          replacementBlockhash: simulated.replacementBlockhash ?? null,
        },
      }
    },
  ),
}

type Response = {
  jsonrpc: '2.0'
  id: string | number | null
  result?: unknown
  error?: { code: number; message: string; data?: unknown }
}

function failure(id: string | number | null, code: number, message: string, data?: unknown): Response {
  return { jsonrpc: '2.0', id, error: { code, message, ...(data === undefined ? {} : { data }) } }
}

/** Answers one request (undefined for a notification, a request without an id). */
export function answer(cluster: Cluster.Cluster, body: unknown): Response | undefined {
  const request = Request.safeParse(body)
  if (!request.success) {
    const id = Id.safeParse((body as { id?: unknown } | null)?.id)
    return failure(id.success ? id.data : null, Code.invalidRequest, 'Invalid request')
  }
  const { id, method: name, params = [] } = request.data
  const entry = Object.hasOwn(METHODS, name) ? METHODS[name] : undefined
  let response: Response
  if (!entry) response = failure(id ?? null, Code.methodNotFound, 'Method not found')
  else {
    const parsed = entry.params.safeParse(params)
    if (!parsed.success) {
      const issue = parsed.error.issues[0]
      const where = issue?.path.length ? ` at params[${issue.path.join('][')}]` : ''
      response = failure(
        id ?? null,
        Code.invalidParams,
        `Invalid params: ${issue?.message ?? 'invalid'}${where}`,
      )
    } else {
      try {
        response = { jsonrpc: '2.0', id: id ?? null, result: entry.run(cluster, parsed.data as never) }
      } catch (error) {
        if (error instanceof RpcError) response = failure(id ?? null, error.code, error.message, error.data)
        else response = failure(id ?? null, Code.internalError, `Internal error: ${(error as Error).message}`)
      }
    }
  }
  return id === undefined ? undefined : response
}

/** Answers a request or a batch (an empty batch is one invalid request, as JSON-RPC 2.0 says). */
export function handle(cluster: Cluster.Cluster, body: unknown): Response | Response[] | undefined {
  if (!Array.isArray(body)) return answer(cluster, body)
  if (body.length === 0) return failure(null, Code.invalidRequest, 'Invalid request')
  const answers = body.flatMap((entry) => answer(cluster, entry) ?? [])
  return answers.length ? answers : undefined
}
