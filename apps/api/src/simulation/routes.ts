import { Caip } from '@frontdoor/schemas'
import { Hono } from 'hono'
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
import * as Changes from './Changes.js'
import * as Trace from './Trace.js'

const address = zm.string().check(zm.regex(/^0x[0-9a-fA-F]{40}$/, 'must be an EVM address'))
const quantity = zm.string().check(zm.regex(/^0x[0-9a-fA-F]{1,64}$/, 'must be a hex quantity'))

/** The most gas a simulation may use: a transaction's cap since Osaka (EIP-7825, 2^24), which Hardhat enforces. */
export const GAS_MAX = 16_777_216n

/** `POST /v1/simulate` query (the project, as every route the frames call, for CORS and the limit). */
export const SimulateQuery = zm.object({ projectId: Query.ProjectId })

/** `POST /v1/simulate` body: the chain and the transaction as the wallet will send it. */
export const SimulateBody = zm.object({
  chainId: Caip.Caip2Schema,
  transaction: zm.object({
    from: address,
    to: zm.optional(address),
    value: zm.optional(quantity),
    data: zm.optional(zm.string().check(zm.regex(/^0x([0-9a-fA-F]{2})*$/, 'must be hex bytes'))),
    gas: zm.optional(quantity),
  }),
})

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

  return new Hono().post(
    '/v1/simulate',
    limit,
    Validate.query(SimulateQuery),
    Validate.json(SimulateBody),
    async (c) => {
      const { projectId } = c.req.valid('query')
      const { chainId, transaction } = c.req.valid('json')
      await deps.projects.require(projectId)
      if (Caip.parseCaip2(chainId).chainNamespace !== 'eip155' || !deps.upstreams.has(chainId))
        throw Errors.fail(400, Errors.CODE.unsupportedChain, UNSUPPORTED, { chainId })
      if (traces.full()) throw Errors.fail(429, Errors.CODE.rateLimited, BUSY, {}, { 'retry-after': '1' })
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
      let trace: Trace.Trace
      try {
        const client = Clients.of(deps.upstreams, chainId)
        // A node's call does not check the sender's balance (Hardhat lends it the coin): we do.
        const [balance, traced] = await Promise.all([
          client.getBalance({ address: transaction.from as `0x${string}` }),
          traces(() =>
            client.request({
              method: 'debug_traceCall' as never,
              params: [call, 'latest', { disableStorage: true }] as never,
            }),
          ),
        ])
        if (balance < value)
          return c.json({ reverted: true, reason: INSUFFICIENT_FUNDS, changes: [], approvals: [] })
        trace = traced as Trace.Trace
      } catch (error) {
        const failure = Clients.chainError(error, chainId)
        if (failure.unreachable) throw unreachable(failure.message)
        // The node refused the call itself (not enough coin for value and gas, a bad nonce): it would fail.
        return c.json({ reverted: true, reason: failure.message, changes: [], approvals: [] })
      }
      if (!trace || !Array.isArray(trace.structLogs)) throw unreachable('debug_traceCall gave no struct logs')
      const effects = Trace.effects(trace, { from: transaction.from, to: transaction.to, value })
      if (effects.reverted)
        return c.json({ reverted: true, reason: Trace.reason(trace.returnValue), changes: [], approvals: [] })
      const found = Changes.of(effects, transaction.from, {
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
      return c.json({
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
      })
    },
  )
}
