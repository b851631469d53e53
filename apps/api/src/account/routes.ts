import {
  AddressRule,
  Balance,
  Caip,
  Fungible,
  History as HistorySchemas,
  Identity,
  Errors as Messages,
  Nfts as NftsSchemas,
  Profile,
  Query as QueryRules,
} from '@frontdoor/schemas'
import { Hono, type MiddlewareHandler } from 'hono'
import * as zm from 'zod/mini'
import * as SmartAccounts from '../auth/vault/SmartAccounts.js'
import * as Clients from '../chains/Clients.js'
import * as Served from '../chains/Served.js'
import type * as Deps from '../Deps.js'
import * as ClientIp from '../http/ClientIp.js'
import * as Errors from '../http/Errors.js'
import * as Query from '../http/Query.js'
import * as RateLimiter from '../http/RateLimiter.js'
import * as Validate from '../http/Validate.js'
import * as Names from '../identity/Names.js'
import * as PublicKeys from '../identity/PublicKeys.js'
import * as Registration from '../identity/Registration.js'
import * as ChainRpc from '../indexer/ChainRpc.js'
import * as OnrampProvider from '../onramp/Provider.js'
import * as Purchases from '../onramp/Purchases.js'
import * as Fungibles from '../prices/Fungibles.js'
import * as KnownProject from '../projects/KnownProject.js'
import * as Upstreams from '../rpc/Upstreams.js'
import * as Balances from './Balances.js'
import * as History from './History.js'
import * as Nfts from './Nfts.js'

/** The most CAIP-10 addresses one `POST /v1/fungible/price` may ask for. */
export const PRICE_ADDRESSES_MAX = 100

/** `GET /v1/account/{address}/history` query: the shared schema with the project id's format and our cursor. */
export const HistoryQuery = zm.extend(HistorySchemas.HistoryQuery, {
  projectId: Query.ProjectId,
  cursor: zm.optional(History.CursorParam),
})

/** `GET /v1/account/{address}/balance` query; `forceUpdate` lists CAIP-10 tokens (any list bypasses the cache). */
export const BalanceQuery = zm.extend(Balance.BalanceQuery, {
  projectId: Query.ProjectId,
  forceUpdate: zm.optional(QueryRules.commaList(Caip.Caip10Schema, PRICE_ADDRESSES_MAX)),
})

/** `GET /v1/account/{address}/nfts` query. */
export const NftsQuery = zm.extend(NftsSchemas.NftsQuery, { projectId: Query.ProjectId })

/** `GET /v1/identity/{address}` query. */
export const IdentityQuery = zm.extend(Identity.IdentityQuery, { projectId: Query.ProjectId })

/** `GET /v1/profile/account/{name}` path and query. */
export const ProfileParam = zm.object({
  name: zm.string().check(zm.minLength(1), zm.maxLength(255), zm.regex(/^[a-zA-Z0-9.-]+$/, 'must be a name')),
})
export const ProfileQuery = zm.object({ projectId: Query.ProjectId, apiVersion: zm.optional(zm.string()) })

/** `GET /v1/profile/reverse/{address}` query. */
export const ReverseQuery = zm.extend(ProfileQuery, { sender: zm.optional(zm.string()) })

/** `GET /v1/profile/suggestions/{name}`: what the visitor typed, and the zone. */
export const SuggestionsParam = zm.object({ name: zm.string().check(zm.minLength(1), zm.maxLength(255)) })
export const SuggestionsQuery = zm.object({ projectId: Query.ProjectId, zone: zm.optional(zm.string()) })

/** `POST /v1/profile/account` body, with bounded strings. */
export const RegisterNameBody = zm.extend(Profile.RegisterNameBody, {
  address: zm.string().check(zm.maxLength(64)),
  message: zm.string().check(zm.minLength(1), zm.maxLength(4_096)),
  signature: zm.string().check(zm.minLength(1), zm.maxLength(1_024)),
})

/** `POST /v1/fungible/price` body: at most {@link PRICE_ADDRESSES_MAX} CAIP-10 addresses of EVM tokens. */
export const FungiblePriceBody = zm.extend(Fungible.FungiblePriceBody, {
  projectId: Query.ProjectId,
  addresses: zm
    .array(
      Caip.Caip10Schema.check(
        zm.refine((value) => {
          if (!Caip.isCaip10(value)) return false
          const { chainNamespace, address } = Caip.parseCaip10(value)
          return chainNamespace === 'eip155' && AddressRule.isEvmAddress(address)
        }, Messages.INVALID_ADDRESS),
      ),
    )
    .check(zm.maxLength(PRICE_ADDRESSES_MAX, `must list at most ${PRICE_ADDRESSES_MAX} addresses`)),
})

const AddressParam = zm.object({ address: AddressRule.EvmAddress })

/** A balance's `{address}`: an EVM address (eip155 chains) or a Solana one (solana chains). */
const BalanceAddressParam = zm.object({
  address: zm
    .string()
    .check(
      zm.refine(
        (value) => AddressRule.isEvmAddress(value) || AddressRule.isSolanaAddress(value),
        Messages.INVALID_ADDRESS,
      ),
    ),
})

/** Values a client sends for an address it does not have. */
const NO_ADDRESS = new Set(['', 'undefined', 'null'])

/** A history path without an `{address}`: a 400 with the spec's message (before the address is validated). */
const historyAddress: MiddlewareHandler = async (c, next) => {
  if (NO_ADDRESS.has(c.req.param('address')?.trim() ?? ''))
    throw Errors.fail(400, Errors.CODE.invalidRequest, Messages.TRANSACTIONS_NEED_ACCOUNT_ADDRESS)
  await next()
}

/** A 502 for a chain the API could not reach, with Retry-After (the proxy's, one fallback ping cycle). */
async function upstream<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof ChainRpc.UpstreamError)
      throw Errors.fail(
        502,
        Errors.CODE.upstreamUnavailable,
        `The chain did not answer: ${error.message}`,
        {},
        { 'retry-after': String(Upstreams.UNAVAILABLE_RETRY_AFTER_S) },
      )
    throw error
  }
}

/**
 * The account data of the blockchain API: history, balances, owned NFTs, identity and token prices.
 *
 * @example
 * app.route('/', Account.routes(deps))
 */
export function routes(deps: Deps.Deps) {
  const { prices, balances } = Balances.shared(deps)
  const limit = RateLimiter.budget(
    deps.limiter,
    deps.config.limits.account,
  )((c) => `account:${ClientIp.of(c, deps.config)}:${c.req.query('projectId') ?? ''}`)
  const project = KnownProject.required(deps)
  return new Hono<KnownProject.Env>()
    .use('/v1/account/*', limit, project)
    .use('/v1/identity/*', limit, project)
    .use('/v1/profile/*', limit, project)
    .use('/v1/fungible/*', limit, KnownProject.required(deps, 'json'))
    .get(
      '/v1/account/:address/history',
      historyAddress,
      Validate.param(AddressParam),
      Validate.query(HistoryQuery),
      async (c) => {
        const { address } = c.req.valid('param')
        const query = c.req.valid('query')
        if (query.chainId) Served.assertUpstream(deps, query.chainId)
        const page = await History.page({
          orm: deps.db.orm,
          prices,
          networks: deps.config.networks,
          publicUrl: deps.config.publicUrl,
          address,
          chainId: query.chainId,
          cursor: query.cursor ? History.decodeCursor(query.cursor) : undefined,
        })
        // `onramp`: the first page shows the address's purchases too (a provider that does not answer
        // leaves them out, not the history).
        if (!query.onramp || query.cursor) return c.json(page)
        const orders = await OnrampProvider.create({
          url: deps.config.onramp.url,
          apiKey: deps.config.onramp.apiKey,
        })
          .orders(address)
          .catch((error: unknown) => {
            deps.logger.warn({ err: error }, 'on-ramp purchases unavailable')
            return []
          })
        return c.json(
          Purchases.merge(page, orders, { publicUrl: deps.config.publicUrl, chainId: query.chainId }),
        )
      },
    )
    .get('/v1/account//history', historyAddress)
    .get(
      '/v1/account/:address/balance',
      Validate.param(BalanceAddressParam),
      Validate.query(BalanceQuery),
      async (c) => {
        const { address } = c.req.valid('param')
        const query = c.req.valid('query')
        // The chains of the address's namespace: an 0x address has eip155 balances, a base58 one solana.
        const namespace = AddressRule.isEvmAddress(address) ? 'eip155' : 'solana'
        if (query.chainId && Caip.parseCaip2(query.chainId).chainNamespace !== namespace)
          throw Errors.fail(400, Errors.CODE.invalidRequest, `${Messages.INVALID_ADDRESS}: ${address}`)
        const served = deps.upstreams
          .chains()
          .filter((chainId) => Caip.parseCaip2(chainId).chainNamespace === namespace)
        if (query.chainId && !served.includes(query.chainId)) {
          Served.assertUpstream(deps, query.chainId)
          throw Errors.fail(
            400,
            Errors.CODE.unsupportedChain,
            `${Messages.UNSUPPORTED_CHAIN}: ${query.chainId}`,
          )
        }
        const chainIds = query.chainId ? [query.chainId] : served
        const list = await upstream(() =>
          balances.of({ address, chainIds, force: Boolean(query.forceUpdate?.length) }),
        )
        return c.json({ balances: list })
      },
    )
    .get('/v1/account/:address/nfts', Validate.param(AddressParam), Validate.query(NftsQuery), async (c) => {
      const { address } = c.req.valid('param')
      const query = c.req.valid('query')
      if (query.chainId) Served.assertUpstream(deps, query.chainId)
      return c.json({ nfts: await Nfts.owned(deps.db.orm, { address, chainId: query.chainId }) })
    })
    .get('/v1/identity/:address', Validate.param(AddressParam), Validate.query(IdentityQuery), async (c) => {
      const { address } = c.req.valid('param')
      return c.json(await Names.identity(deps.db.orm, address))
    })
    .get(
      '/v1/profile/account/:name',
      Validate.param(ProfileParam),
      Validate.query(ProfileQuery),
      async (c) => {
        const { name } = c.req.valid('param')
        const found = await Names.profile(deps.db.orm, name)
        if (!found) throw Errors.fail(404, Errors.CODE.notFound, `No account name '${name}'`)
        return c.json(found)
      },
    )
    .get(
      '/v1/profile/reverse/:address',
      Validate.param(AddressParam),
      Validate.query(ReverseQuery),
      async (c) => {
        return c.json(await Names.reverse(deps.db.orm, c.req.valid('param').address))
      },
    )
    .get(
      '/v1/profile/suggestions/:name',
      Validate.param(SuggestionsParam),
      Validate.query(SuggestionsQuery),
      async (c) => {
        return c.json({ suggestions: await Registration.suggest(deps.db.orm, c.req.valid('param').name) })
      },
    )
    .post(
      '/v1/profile/account',
      Validate.query(zm.object({ projectId: Query.ProjectId })),
      Validate.json(RegisterNameBody),
      async (c) => {
        const outcome = await Registration.register(deps.db.orm, c.req.valid('json'), {
          now: deps.auth.now(),
          publicKeys: deps.config.environment === 'development' ? new Set() : PublicKeys.devAddresses(),
          // A smart account's signature: asked of the chains where the embedded wallet has one.
          verifyContract: async (address, message, signature) => {
            for (const chain of SmartAccounts.chains(deps.config).filter((id) => deps.upstreams.has(id)))
              if (
                await Clients.of(deps.upstreams, chain)
                  .verifyMessage({ address, message, signature })
                  .catch(() => false)
              )
                return true
            return false
          },
        })
        if (!outcome.ok)
          throw Errors.fail(
            outcome.status,
            outcome.status === 409 ? 'name_taken' : Errors.CODE.invalidRequest,
            outcome.message,
          )
        return c.json(outcome.profile, 201)
      },
    )
    .post('/v1/fungible/price', Validate.json(FungiblePriceBody), async (c) => {
      const body = c.req.valid('json')
      const answer = await upstream(() =>
        Fungibles.prices({
          orm: deps.db.orm,
          upstreams: deps.upstreams,
          prices,
          networks: deps.config.networks,
          publicUrl: deps.config.publicUrl,
          addresses: body.addresses,
        }),
      )
      return c.json(answer)
    })
}
