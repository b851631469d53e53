import { randomUUID } from 'node:crypto'
import { Caip, Constants, ConvertRule, Errors as Messages } from '@frontdoor/schemas'
import { Hono } from 'hono'
import * as zm from 'zod/mini'
import * as Tokens from '../account/Tokens.js'
import * as Served from '../chains/Served.js'
import type * as Deps from '../Deps.js'
import * as ClientIp from '../http/ClientIp.js'
import * as Errors from '../http/Errors.js'
import * as Query from '../http/Query.js'
import * as RateLimiter from '../http/RateLimiter.js'
import * as Validate from '../http/Validate.js'
import * as ChainRpc from '../indexer/ChainRpc.js'
import * as Registry from '../indexer/Registry.js'
import * as KnownProject from '../projects/KnownProject.js'
import * as Amm from './Amm.js'
import * as Swaps from './Swaps.js'

const project = { projectId: Query.ProjectId }

/** `GET /v1/convert/tokens` query. */
export const TokensQuery = zm.extend(ConvertRule.TokensQuery, { ...project, chainId: Caip.Caip2Schema })
/** `GET /v1/convert/gas-price` query. */
export const GasPriceQuery = zm.extend(ConvertRule.GasPriceQuery, { ...project, chainId: Caip.Caip2Schema })
/** `GET /v1/convert/quotes` query. */
export const QuotesQuery = zm.extend(ConvertRule.QuotesQuery, project)
/** `GET /v1/convert/allowance` query. */
export const AllowanceQuery = zm.extend(ConvertRule.AllowanceQuery, project)
/** `GET /v1/convert/build-approve` query. */
export const BuildApproveQuery = zm.extend(ConvertRule.BuildApproveQuery, project)
/** `POST /v1/convert/build-transaction` body. */
export const BuildTransactionBody = zm.extend(ConvertRule.BuildTransactionBody, project)

/** A 400 with the spec's message for a chain swaps are not offered on. */
const notForSwaps = (chainId: string) =>
  Errors.fail(400, Errors.CODE.unsupportedChain, Messages.NETWORK_NOT_SUPPORTED_FOR_SWAPS, { chainId })

/** The chain's upstream failures as 502s, the swap's own problems as 400s. */
async function guarded<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof Swaps.SwapError) throw Errors.fail(400, Errors.CODE.invalidRequest, error.message)
    if (error instanceof ChainRpc.UpstreamError)
      throw Errors.fail(502, Errors.CODE.upstreamUnavailable, `The chain did not answer: ${error.message}`)
    throw error
  }
}

/**
 * The convert routes of the blockchain API (spec section 7): tokens, quotes, allowance, gas price and
 * the approval and swap transactions, through each configured chain's Uniswap-v2 AMM.
 *
 * @example
 * app.route('/', Convert.routes(deps))
 */
export function routes(deps: Deps.Deps) {
  const limit = RateLimiter.budget(
    deps.limiter,
    deps.config.limits.account,
  )((c) => `convert:${ClientIp.of(c, deps.config)}:${c.req.query('projectId') ?? ''}`)

  /** The chain's client and AMM, or the spec's 400 when swaps are not offered there. */
  const swapChain = (chainId: string) => {
    if (!deps.config.convert.chains.includes(chainId)) throw notForSwaps(chainId)
    // A swap chain of the spec that this server has no node of says so.
    Served.assertUpstream(deps, chainId)
    const amm = Registry.of(chainId).amm
    if (!amm || !deps.upstreams.has(chainId)) throw notForSwaps(chainId)
    return { amm, rpc: ChainRpc.create(deps.upstreams, chainId) }
  }

  return new Hono<KnownProject.Env>()
    .use('/v1/convert/*', limit)
    .on('GET', '/v1/convert/*', KnownProject.required(deps))
    .use('/v1/convert/build-transaction', KnownProject.required(deps, 'json'))
    .get('/v1/convert/tokens', Validate.query(TokensQuery), async (c) => {
      const { chainId } = c.req.valid('query')
      const { amm } = swapChain(chainId)
      const coin = Tokens.native(deps.config.networks, chainId)
      const icon = (symbol: string) => Tokens.iconUrl(deps.config.publicUrl, symbol)
      const native = { name: coin.name, symbol: coin.symbol, decimals: coin.decimals }
      const tokens = [
        { ...native, address: ConvertRule.nativeId(chainId), logoUri: icon(coin.symbol) },
        // Tokens with 0 decimals are no balance anyone swaps (spec section 5); the wrapped coin is the native one.
        ...Registry.of(chainId)
          .tokens.filter((token) => token.decimals > 0 && token.address !== amm.wrappedNative.address)
          .map((token) => ({
            name: token.name,
            symbol: token.symbol,
            decimals: token.decimals,
            address: Caip.formatCaip10(chainId, token.address),
            logoUri: icon(token.symbol),
          })),
      ]
      return c.json({ tokens })
    })
    .get('/v1/convert/gas-price', Validate.query(GasPriceQuery), async (c) => {
      const { chainId } = c.req.valid('query')
      if (deps.config.convert.chains.includes(chainId)) Served.assertUpstream(deps, chainId)
      if (!deps.config.convert.chains.includes(chainId) || !deps.upstreams.has(chainId))
        throw Errors.fail(400, Errors.CODE.unsupportedChain, Messages.NETWORK_NOT_SUPPORTED_FOR_GAS_PRICE, {
          chainId,
        })
      const price = await guarded(() => Swaps.gasPrice(ChainRpc.create(deps.upstreams, chainId)))
      // A faster inclusion pays a quarter, then a half, more.
      return c.json({
        standard: price.toString(),
        fast: ((price * 5n) / 4n).toString(),
        instant: ((price * 3n) / 2n).toString(),
      })
    })
    .get('/v1/convert/quotes', Validate.query(QuotesQuery), async (c) => {
      const query = c.req.valid('query')
      const from = Caip.parseCaip10(query.from)
      const to = Caip.parseCaip10(query.to)
      const { amm, rpc } = swapChain(from.caipNetworkId)
      const found = await guarded(() =>
        Swaps.quote(rpc, amm, { from: from.address, to: to.address, amount: BigInt(query.amount) }),
      )
      return c.json({
        quotes: [
          {
            id: randomUUID(),
            fromAmount: query.amount,
            fromAccount: query.from,
            toAmount: (found.amounts.at(-1) as bigint).toString(),
            toAccount: query.to,
            path: found.path.map((address) => Caip.formatCaip10(from.caipNetworkId, address)),
            priceImpact: Amm.priceImpact(BigInt(query.amount), found.hops),
            feePercent: Amm.feePercent(found.hops.length),
          },
        ],
      })
    })
    .get('/v1/convert/allowance', Validate.query(AllowanceQuery), async (c) => {
      const query = c.req.valid('query')
      const token = Caip.parseCaip10(query.tokenAddress)
      const { amm, rpc } = swapChain(token.caipNetworkId)
      const allowance = await guarded(() => Swaps.allowance(rpc, amm, token.address, query.userAddress))
      return c.json({ allowance: allowance.toString() })
    })
    .get('/v1/convert/build-approve', Validate.query(BuildApproveQuery), async (c) => {
      const query = c.req.valid('query')
      const token = Caip.parseCaip10(query.from)
      const { amm, rpc } = swapChain(token.caipNetworkId)
      if (Swaps.isNativeAddress(token.address))
        throw Errors.fail(400, Errors.CODE.invalidRequest, Swaps.NATIVE_NEEDS_NO_APPROVAL)
      const data = Swaps.approveCall(amm, query.amount === undefined ? undefined : BigInt(query.amount))
      const tx = { from: query.userAddress, to: token.address, data, value: 0n }
      const [gas, gasPrice] = await guarded(() =>
        Promise.all([Swaps.estimate(rpc, tx).catch(() => Swaps.APPROVE_GAS), Swaps.gasPrice(rpc)]),
      )
      return c.json({
        tx: { ...tx, value: '0', eip155: { gas: gas.toString(), gasPrice: gasPrice.toString() } },
      })
    })
    .post('/v1/convert/build-transaction', Validate.json(BuildTransactionBody), async (c) => {
      const body = c.req.valid('json')
      const from = Caip.parseCaip10(body.from)
      const to = Caip.parseCaip10(body.to)
      const { amm, rpc } = swapChain(from.caipNetworkId)
      const slippage = body.eip155?.slippage ?? Constants.SWAP_SLIPPAGE_TOLERANCE_PERCENT
      const built = await guarded(async () => {
        const [found, now, gasPrice] = await Promise.all([
          Swaps.quote(rpc, amm, { from: from.address, to: to.address, amount: BigInt(body.amount) }),
          Swaps.chainTime(rpc),
          Swaps.gasPrice(rpc),
        ])
        const call = Swaps.swapCall(found, {
          from: from.address,
          to: to.address,
          user: body.userAddress,
          minimumOut: ConvertRule.minimumOut(found.amounts.at(-1) as bigint, slippage),
          deadline: now + BigInt(ConvertRule.SWAP_DEADLINE_S),
        })
        const tx = { from: body.userAddress, to: amm.router, data: call.data, value: call.value }
        const gas = body.disableEstimate
          ? Swaps.SWAP_GAS_BASE + Swaps.SWAP_GAS_PER_HOP * BigInt(found.hops.length)
          : await Swaps.estimate(rpc, tx).catch((error: unknown) => {
              throw new Swaps.SwapError(`The swap would fail: ${(error as Error).message}`)
            })
        return { tx, gas, gasPrice }
      })
      return c.json({
        tx: {
          from: built.tx.from,
          to: built.tx.to,
          data: built.tx.data,
          amount: built.tx.value.toString(),
          eip155: { gas: built.gas.toString(), gasPrice: built.gasPrice.toString() },
        },
      })
    })
}
