import { PROVIDER_ERRORS } from '@frontdoor/protocol/errors'
import { Hono, type MiddlewareHandler } from 'hono'
import type * as Deps from '../../Deps.js'
import * as RateLimiter from '../../http/RateLimiter.js'
import * as Validate from '../../http/Validate.js'
import * as JsonRpcRoute from '../../rpc/JsonRpcRoute.js'
import * as Bearer from '../sessions/Bearer.js'
import * as EvmSigning from './EvmSigning.js'
import * as NamespaceSigning from './NamespaceSigning.js'
import * as Request from './Request.js'
import * as SendLock from './SendLock.js'
import * as SolanaSigning from './SolanaSigning.js'
import * as WalletCalls from './WalletCalls.js'

/** The methods the vault signs (the unsafe methods of REFERENCE.md that the embedded wallet supports). */
export const METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
  'signMessage',
  'polkadot_signMessage',
  'cosmos_signArbitrary',
  'wallet_getAssets',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
] as const

/** The methods that sign nothing: they draw on the vault's read budget (`vaultReadsPerUser`). */
const READ_METHODS: ReadonlySet<string> = new Set<(typeof METHODS)[number]>([
  'wallet_getAssets',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
])

/** Each method's handler, by family (one module each). */
const HANDLERS: Record<(typeof METHODS)[number], Request.Handler> = {
  ...EvmSigning.handlers,
  ...WalletCalls.handlers,
  ...SolanaSigning.handlers,
  ...NamespaceSigning.handlers,
}

const isMethod = (method: string): method is (typeof METHODS)[number] => Object.hasOwn(HANDLERS, method)

/**
 * `POST /v1/vault/rpc` (bearer): signs with the session user's keys, only for the user's own addresses.
 * The body's method goes to its family's handler: EVM signatures (EvmSigning.ts), transactions and
 * EIP-5792 calls (WalletCalls.ts), Solana (SolanaSigning.ts), the other namespaces
 * (NamespaceSigning.ts); its answer is `{ result }`, a refusal the API's error body with its
 * EIP-1193 code.
 */
export function routes(deps: Deps.Deps) {
  const lock = SendLock.create()

  // The reads cost the chain's nodes (a batch's status: one receipt per call): a budget per user.
  const reads = RateLimiter.budget(
    deps.limiter,
    deps.config.limits.vaultReadsPerUser,
  )((c) => `vault:reads:${(c.get('session' as never) as Bearer.Env['Variables']['session']).userId}`)
  const readLimit: MiddlewareHandler<Bearer.Env> = async (c, next) => {
    const { method } = c.req.valid('json' as never) as { method: string }
    return READ_METHODS.has(method) ? reads(c, next) : next()
  }

  return new Hono<Bearer.Env>().post(
    '/v1/vault/rpc',
    Bearer.required(deps),
    Validate.json(Request.Body),
    readLimit,
    async (c) => {
      const body = c.req.valid('json')
      const { userId } = c.get('session')
      const request = await Request.create(deps, { userId, body, lock })
      if (!isMethod(body.method))
        throw JsonRpcRoute.fail(
          400,
          PROVIDER_ERRORS.unsupportedMethod.code,
          PROVIDER_ERRORS.unsupportedMethod.message,
          { method: body.method, supported: METHODS },
        )
      return c.json({ result: await HANDLERS[body.method](request) })
    },
  )
}
