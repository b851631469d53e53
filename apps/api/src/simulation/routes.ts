import * as Calls from '@frontdoor/protocol/calls'
import { Caip } from '@frontdoor/schemas'
import * as FrontdoorAccount from '@frontdoor/smart-account'
import { Hono } from 'hono'
import type { Address, Hex } from 'viem'
import * as zm from 'zod/mini'
import * as Tokens from '../account/Tokens.js'
import * as Clients from '../chains/Clients.js'
import type * as Deps from '../Deps.js'
import * as ClientIp from '../http/ClientIp.js'
import * as Errors from '../http/Errors.js'
import * as Query from '../http/Query.js'
import * as RateLimiter from '../http/RateLimiter.js'
import * as Validate from '../http/Validate.js'
import * as ChainRpc from '../indexer/ChainRpc.js'
import * as Metadata from '../indexer/Metadata.js'
import * as Registry from '../indexer/Registry.js'
import * as KnownProject from '../projects/KnownProject.js'
import * as BatchSimulation from './BatchSimulation.js'
import * as Changes from './Changes.js'
import * as Trace from './Trace.js'
import * as TraceStream from './TraceStream.js'

const address = zm.string().check(zm.regex(/^0x[0-9a-fA-F]{40}$/, 'must be an EVM address'))
const quantity = zm.string().check(zm.regex(/^0x[0-9a-fA-F]{1,64}$/, 'must be a hex quantity'))

/** The most gas a simulation may use: a transaction's cap since Osaka (EIP-7825, 2^24), which Hardhat enforces. */
export const GAS_MAX = 16_777_216n

/** `POST /v1/simulate` query (the project, as every route the frames call, for CORS and the limit). */
export const SimulateQuery = zm.object({ projectId: Query.ProjectId })

/**
 * `POST /v1/simulate` body: the chain and either the transaction as the wallet will send it, or an
 * EIP-5792 batch (`wallet_sendCalls`' calls, protocol's shapes, at most {@link Calls.MAX_CALLS}) sent
 * by `from`. A smart account's batch is simulated as its one user operation runs it: `owner` (its EOA)
 * lets a counterfactual account be deployed in the simulation first, as its first user operation does.
 */
export const SimulateBody = zm.object({
  chainId: Caip.Caip2Schema,
  transaction: zm.optional(
    zm.object({
      from: address,
      to: zm.optional(address),
      value: zm.optional(quantity),
      data: zm.optional(zm.string().check(zm.regex(/^0x([0-9a-fA-F]{2})*$/, 'must be hex bytes'))),
      gas: zm.optional(quantity),
    }),
  ),
  batch: zm.optional(
    zm.object({
      from: address,
      owner: zm.optional(address),
      calls: zm.array(Calls.Call).check(zm.minLength(1), zm.maxLength(Calls.MAX_CALLS)),
    }),
  ),
})
type SimulateBody = zm.infer<typeof SimulateBody>

/** The message of a body with neither or both of `transaction` and `batch`. */
export const ONE_OF = `Invalid body field 'transaction': give a transaction or a batch, not both`

/**
 * The most traces one API process asks for at once; more wait their turn. A struct log trace carries the
 * memory at every step (a devnet swap's is about 9 MB of JSON), so they are held in check.
 */
export const TRACES_MAX = 4

/**
 * The most simulations one API process holds waiting for a trace; beyond, a request is refused at once
 * (429, {@link BUSY}) instead of queueing without bound (each holds its request and a connection).
 */
export const TRACES_WAITING_MAX = 16

/** The message of a simulation refused because too many wait for a trace. */
export const BUSY = 'Too many simulations are waiting; try again shortly'

/** Runs at most `max` works at once; the others wait in order. `full()`: `waitingMax` are waiting. */
export function slots(max: number, waitingMax = Number.POSITIVE_INFINITY) {
  let running = 0
  const waiting: (() => void)[] = []
  const run = async <T>(work: () => Promise<T>): Promise<T> => {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve))
    else running++
    try {
      return await work()
    } finally {
      const next = waiting.shift()
      if (next) next()
      else running--
    }
  }
  return Object.assign(run, { full: () => running >= max && waiting.length >= waitingMax })
}

/** The reason of a transaction sending more coin than its sender has. */
export const INSUFFICIENT_FUNDS = 'Insufficient funds for the value sent'

/** The message of a chain the API cannot simulate on. */
export const UNSUPPORTED = 'Simulation is not available on this network'

/** The sender of a smart account's batch simulation (a creation no one sends: BatchSimulation.ts). */
const NO_ONE = `0x${'0'.repeat(40)}` as const

/** What the route answers: what leaves and enters the account, or that it would revert. */
type Answer = Record<string, unknown> & { reverted: boolean }

/** The answer of a simulation that would revert (nothing moves). */
const reverts = (reason: string | undefined, extra: Record<string, unknown> = {}): Answer => ({
  reverted: true,
  ...(reason !== undefined ? { reason } : {}),
  changes: [],
  approvals: [],
  ...extra,
})

/** The ERC-1167 runtime code of a FrontdoorAccount clone of `implementation` (lowercase). */
const cloneCode = (implementation: string) =>
  `0x363d3d373d3d3d363d73${implementation.slice(2).toLowerCase()}5af43d82803e903d91602b57fd5bf3`

/** A hex quantity of a batch's call (protocol's calls allow `0x` for zero). */
const amount = (hex: string | undefined) => BigInt(hex && hex !== '0x' ? hex : '0x0')

/**
 * How long one trace may take, its answer read whole (a batch of many swaps takes seconds to trace;
 * a node's usual call timeout is 10 s).
 */
export const TRACE_TIMEOUT_MS = 30_000

/** The reason of an independently simulated batch call (1-based `n`) that would fail. */
export const CALL_REVERTED = (n: number, reason: string | undefined) => `Call ${n}: ${reason ?? 'reverted'}`

/** A 502 for a chain that did not answer. */
const unreachable = (message: string) =>
  Errors.fail(502, Errors.CODE.upstreamUnavailable, `The chain did not answer: ${message}`)

/**
 * `POST /v1/simulate` (the embedded wallet's approval screen): traces the transaction against the
 * chain's latest state with `debug_traceCall` (never mined, no snapshot of the shared node) and answers
 * what leaves and enters `from`: native coin, ERC-20 amounts with symbol and decimals, ERC-721 tokens,
 * approvals granted; `reverted` with the reason when it would fail. Rate limited like the account
 * routes, per client address and project.
 */
export function routes(deps: Deps.Deps) {
  const traces = slots(TRACES_MAX, TRACES_WAITING_MAX)
  const limit = RateLimiter.budget(
    deps.limiter,
    deps.config.limits.account,
  )((c) => `simulate:${ClientIp.of(c, deps.config)}:${c.req.query('projectId') ?? ''}`)

  /**
   * Traces `call` within the trace slots on the chain's nodes, best first (the next when one does not
   * answer), reading its effects as the trace arrives (TraceStream.ts) for `traced`: the effects and the
   * trace's return value, or the node's refusal (the call would fail).
   */
  const trace = async (
    chainId: string,
    call: Record<string, string>,
    traced: Trace.Call,
  ): Promise<{ effects: Trace.Effects; returnValue: string | undefined } | { refused: string }> => {
    const body = JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'debug_traceCall',
      // The stack stays (call targets and values, LOG offsets and topics are read from it) and the
      // memory (LOG data): TraceStream's caps bound what they cost.
      params: [call, 'latest', { disableStorage: true }],
    })
    return traces(async () => {
      let failure = `No node of ${chainId} answered`
      for (const url of deps.upstreams.fallback(chainId)?.ranked() ?? []) {
        const read = Trace.reader(traced)
        let steps = 0
        const step = (one: Trace.Step) => {
          steps++
          read.step(one)
        }
        let answer: TraceStream.Answer
        // Aborted when the answer is too large (TraceStream's caps), not only when it takes too long.
        const abort = new AbortController()
        try {
          const response = await fetch(url, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body,
            signal: AbortSignal.any([abort.signal, AbortSignal.timeout(TRACE_TIMEOUT_MS)]),
          })
          if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`)
          answer = await TraceStream.read(response.body, step)
        } catch (error) {
          abort.abort()
          // Another node would trace the same call as large: the call cannot be simulated.
          if (error instanceof TraceStream.TooLarge) throw unreachable(error.message)
          failure = error instanceof Error ? error.message : String(error)
          continue
        }
        // The node refused the call itself (not enough coin for value and gas, a bad nonce): it would fail.
        if (answer.error) return { refused: answer.error.message ?? 'The node refused the call' }
        if (!answer.result || !Array.isArray(answer.result.structLogs))
          throw unreachable('debug_traceCall gave no struct logs')
        // Every step is streamed, leaving `structLogs` empty: steps left in it were not read (a trace
        // the reader did not recognise), and an answer without them would show nothing moving.
        if (answer.result.structLogs.length > 0 || typeof answer.result.failed !== 'boolean')
          throw unreachable(`debug_traceCall gave an inconsistent trace (${steps} steps read)`)
        return { effects: read.end(answer.result.failed), returnValue: answer.result.returnValue }
      }
      throw unreachable(failure)
    })
  }

  /** Asks the chain; a 502 when it does not answer. */
  const ask = async <T>(chainId: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work()
    } catch (error) {
      throw unreachable(Clients.chainError(error, chainId).message)
    }
  }

  /** What `effects` move in and out of `account`, its tokens named (symbol, decimals, known). */
  const answer = async (chainId: string, effects: Trace.Effects, account: string): Promise<Answer> => {
    const found = Changes.of(effects, account, {
      wrappedNative: Registry.of(chainId).amm?.wrappedNative.address,
    })
    const contracts = new Map<string, 'erc20' | 'erc721'>()
    for (const change of found.changes)
      if (change.asset !== 'native') contracts.set(change.token, change.asset)
    for (const approval of found.approvals)
      contracts.set(approval.token, approval.kind === 'erc20' ? 'erc20' : 'erc721')
    let metadata: Awaited<ReturnType<typeof Metadata.tokens>>
    try {
      metadata = await Metadata.tokens(ChainRpc.create(deps.upstreams, chainId), contracts)
    } catch (error) {
      throw unreachable(error instanceof Error ? error.message : String(error))
    }
    // A symbol is whatever the contract says: `known` tells the screen which tokens are the network's
    // own (the registry's list, its stablecoin and wrapped coin), so it can name the others by address.
    const chain = Registry.of(chainId)
    const knownTokens = new Set(
      [...chain.tokens, ...(chain.amm ? [chain.amm.stable, chain.amm.wrappedNative] : [])].map(
        (known) => known.address,
      ),
    )
    const token = (at: string) => {
      const found = metadata.find((entry) => entry.address === at)
      return {
        address: at,
        name: found?.name ?? null,
        symbol: found?.symbol ?? null,
        decimals: found?.decimals ?? null,
        known: knownTokens.has(at),
      }
    }
    const coin = Tokens.native(deps.config.networks, chainId)
    return {
      reverted: false,
      changes: found.changes.map((change) =>
        change.asset === 'native'
          ? {
              direction: change.direction,
              asset: 'native',
              token: {
                address: null,
                name: coin.name,
                symbol: coin.symbol,
                decimals: coin.decimals,
                known: true,
              },
              amount: change.amount.toString(),
            }
          : change.asset === 'erc20'
            ? {
                direction: change.direction,
                asset: 'erc20',
                token: token(change.token),
                amount: change.amount.toString(),
              }
            : {
                direction: change.direction,
                asset: 'erc721',
                token: token(change.token),
                tokenId: change.tokenId.toString(),
              },
      ),
      approvals: found.approvals.map((approval) => ({
        kind: approval.kind,
        token: token(approval.token),
        spender: approval.spender,
        ...(approval.kind === 'erc20' ? { amount: approval.amount.toString() } : {}),
        ...(approval.kind === 'erc721' ? { tokenId: approval.tokenId.toString() } : {}),
        ...(approval.kind === 'erc721-all' ? { approved: approval.approved } : {}),
      })),
    }
  }

  /** One transaction, as the wallet will send it. */
  const simulateTransaction = async (
    chainId: string,
    transaction: NonNullable<SimulateBody['transaction']>,
  ): Promise<Answer> => {
    const value = BigInt(transaction.value ?? '0x0')
    const gas = transaction.gas === undefined ? GAS_MAX : BigInt(transaction.gas)
    if (gas > GAS_MAX)
      throw Errors.fail(
        400,
        Errors.CODE.invalidRequest,
        `Invalid body field 'transaction.gas': at most ${GAS_MAX}`,
      )
    const call = {
      from: transaction.from,
      ...(transaction.to ? { to: transaction.to } : {}),
      value: `0x${value.toString(16)}`,
      data: transaction.data ?? '0x',
      gas: `0x${gas.toString(16)}`,
    }
    const client = Clients.of(deps.upstreams, chainId)
    // A node's call does not check the sender's balance (Hardhat lends it the coin): we do.
    const [balance, traced] = await Promise.all([
      ask(chainId, () => client.getBalance({ address: transaction.from as Address })),
      trace(chainId, call, { from: transaction.from, to: transaction.to, value }),
    ])
    if (balance < value) return reverts(INSUFFICIENT_FUNDS)
    if ('refused' in traced) return reverts(traced.refused)
    if (traced.effects.reverted) return reverts(Trace.reason(traced.returnValue))
    return answer(chainId, traced.effects, transaction.from)
  }

  /**
   * An EIP-5792 batch. A FrontdoorAccount's (deployed, or counterfactual with its `owner`) is ONE trace
   * of its user operation's calls as the EntryPoint runs them (BatchSimulation.ts): each call sees what
   * the ones before it did, as when mined. Any other sender's calls are sent one by one, each its own
   * transaction: each is traced alone against the state before the batch, and the answer says so
   * (`independent: true`, and `call`: the 1-based call that failed alone), since a call that needs an
   * earlier one (a swap after its approve) cannot be simulated that way.
   */
  const simulateBatch = async (
    chainId: string,
    batch: NonNullable<SimulateBody['batch']>,
  ): Promise<Answer> => {
    const field = (n: number, name: string, reason: string) =>
      Errors.fail(400, Errors.CODE.invalidRequest, `Invalid body field 'batch.calls.${n}.${name}': ${reason}`)
    batch.calls.forEach((call, n) => {
      if (call.data !== undefined && call.data.length % 2 !== 0) throw field(n, 'data', 'must be hex bytes')
    })
    const from = batch.from.toLowerCase() as Address
    const client = Clients.of(deps.upstreams, chainId)
    const contracts = FrontdoorAccount.DEVNET_CONTRACTS
    const [code, balance] = await Promise.all([
      ask(chainId, () => client.getCode({ address: from })),
      ask(chainId, () => client.getBalance({ address: from })),
    ])
    const total = batch.calls.reduce((sum, call) => sum + amount(call.value), 0n)
    const deployed = code?.toLowerCase() === cloneCode(contracts.frontdoorAccountImplementation)
    const counterfactual =
      (code === undefined || code === '0x') &&
      batch.owner !== undefined &&
      FrontdoorAccount.addressOf(batch.owner as Address, { contracts }).toLowerCase() === from
    if (deployed || counterfactual) {
      const calls = batch.calls.map((call, n) => {
        if (!call.to) throw field(n, 'to', "a smart account's call needs a target")
        return { to: call.to as Address, value: amount(call.value), data: (call.data ?? '0x') as Hex }
      })
      if (balance < total) return reverts(INSUFFICIENT_FUNDS)
      const data = BatchSimulation.creation({
        account: from,
        owner: (batch.owner ?? NO_ONE) as Address,
        calls,
        contracts,
      })
      const traced = await trace(
        chainId,
        { from: NO_ONE, value: '0x0', data, gas: `0x${GAS_MAX.toString(16)}` },
        { from: NO_ONE, value: 0n, kept: contracts.entryPoint },
      )
      if ('refused' in traced) return reverts(traced.refused)
      if (traced.effects.reverted) return reverts(Trace.reason(traced.returnValue))
      return answer(chainId, traced.effects, from)
    }
    // Calls sent one by one: each traced alone, against the state before the batch.
    const independent = { independent: true }
    if (balance < total) return reverts(INSUFFICIENT_FUNDS, independent)
    const all: Trace.Effects = { reverted: false, transfers: [], logs: [] }
    for (const [n, call] of batch.calls.entries()) {
      const value = amount(call.value)
      const traced = await trace(
        chainId,
        {
          from,
          ...(call.to ? { to: call.to } : {}),
          value: `0x${value.toString(16)}`,
          data: call.data ?? '0x',
          gas: `0x${GAS_MAX.toString(16)}`,
        },
        { from, to: call.to, value },
      )
      const failed = (why: string | undefined) =>
        reverts(CALL_REVERTED(n + 1, why), { ...independent, call: n + 1 })
      if ('refused' in traced) return failed(traced.refused)
      if (traced.effects.reverted) return failed(Trace.reason(traced.returnValue))
      all.transfers.push(...traced.effects.transfers)
      all.logs.push(...traced.effects.logs)
    }
    return { ...(await answer(chainId, all, from)), ...independent }
  }

  return new Hono<KnownProject.Env>()
    .use('/v1/simulate', limit, KnownProject.required(deps))
    .post('/v1/simulate', Validate.query(SimulateQuery), Validate.json(SimulateBody), async (c) => {
      const { chainId, transaction, batch } = c.req.valid('json')
      if (!transaction === !batch) throw Errors.fail(400, Errors.CODE.invalidRequest, ONE_OF)
      if (Caip.parseCaip2(chainId).chainNamespace !== 'eip155' || !deps.upstreams.has(chainId))
        throw Errors.fail(400, Errors.CODE.unsupportedChain, UNSUPPORTED, { chainId })
      if (traces.full()) throw Errors.fail(429, Errors.CODE.rateLimited, BUSY, {}, { 'retry-after': '1' })
      if (transaction) return c.json(await simulateTransaction(chainId, transaction))
      if (batch) return c.json(await simulateBatch(chainId, batch))
      throw Errors.fail(400, Errors.CODE.invalidRequest, ONE_OF)
    })
}
