import * as z from 'zod/mini'
import * as Convert from './api/convert.js'
import { isCaip10, parseCaip10 } from './caip.js'
import * as Constants from './constants.js'
import * as Errors from './errors.js'
import * as AddressRule from './validation/address.js'

/**
 * The swap rules both sides share (spec sections 7 and 9): the strict inputs of the convert routes,
 * the native coin's pseudo-address, the AMM's fee and the minimum out that the slippage tolerance gives.
 */

/** The native coin's pseudo-address in CAIP-10 token ids (a common convention). */
export const NATIVE_TOKEN_ADDRESS = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'

/** What a Uniswap-v2 pool keeps of each input, in basis points (0.3%). */
export const POOL_FEE_BPS = 30

/** Basis points in one whole. */
export const BPS = 10_000

/** The most slippage a build-transaction accepts, in percent. */
export const SLIPPAGE_MAX_PERCENT = 50

/** How long a built swap stays valid on chain (the router's deadline), in seconds. */
export const SWAP_DEADLINE_S = 1_200

/** The message of a `from`/`to` pair that names the same token. */
export const SAME_TOKEN = 'The tokens to swap must differ'

/** The message of a `from`/`to` pair on two chains. */
export const CROSS_CHAIN = 'The tokens to swap must be on one chain'

/** Whether `id` (CAIP-10) is the native coin. */
export function isNative(id: string): boolean {
  return parseCaip10(id).address.toLowerCase() === NATIVE_TOKEN_ADDRESS
}

/** The CAIP-10 id of `chainId`'s (CAIP-2) native coin. */
export function nativeId(chainId: string): string {
  return `${chainId}:${NATIVE_TOKEN_ADDRESS}`
}

/**
 * The least a swap of `amount` out may give with `slippagePercent` tolerated (spec section 9: 1),
 * rounded down, in the same base units.
 *
 * @example
 * ConvertRule.minimumOut(1_000_000n) // 990000n
 */
export function minimumOut(
  amount: bigint,
  slippagePercent: number = Constants.SWAP_SLIPPAGE_TOLERANCE_PERCENT,
): bigint {
  const bps = BigInt(Math.round(slippagePercent * 100))
  return (amount * (BigInt(BPS) - bps)) / BigInt(BPS)
}

/** The most a uint256 holds: no token amount the chain takes is larger. */
export const MAX_UINT256 = 2n ** 256n - 1n

/** The message of an amount above {@link MAX_UINT256}. */
export const AMOUNT_TOO_LARGE = 'must be at most 2^256 - 1'

/** An amount in base units: a positive decimal integer that fits a uint256. */
export const Amount = z.string().check(
  z.regex(/^[0-9]{1,78}$/, 'must be an amount in base units'),
  z.refine((v) => /[1-9]/.test(v), 'must be more than 0'),
  // 78 digits reach past 2^256 - 1; the calldata encoder would throw on them (a 500).
  z.refine((v) => !/^[0-9]{1,78}$/.test(v) || BigInt(v) <= MAX_UINT256, AMOUNT_TOO_LARGE),
)

/** An EVM token as CAIP-10 (`eip155:<chain>:<address>`; the native coin as {@link NATIVE_TOKEN_ADDRESS}). */
export const Token = z.string().check(
  z.refine((value) => {
    if (!isCaip10(value)) return false
    const { chainNamespace, address } = parseCaip10(value)
    return chainNamespace === 'eip155' && AddressRule.isEvmAddress(address)
  }, Errors.INVALID_ADDRESS),
)

/** An account: an EVM address, or one as CAIP-10 (`eip155:<chain>:<address>`). */
export const Account = z.pipe(
  z
    .string()
    .check(
      z.refine(
        (value) =>
          AddressRule.isEvmAddress(value) ||
          (isCaip10(value) && AddressRule.isEvmAddress(parseCaip10(value).address)),
        Errors.INVALID_ADDRESS,
      ),
    ),
  z.transform((value) => (AddressRule.isEvmAddress(value) ? value : parseCaip10(value).address)),
)

/** Checks that `from` and `to` are two tokens of one chain. */
const pair = z.superRefine((input: { from: string; to: string }, ctx) => {
  if (!isCaip10(input.from) || !isCaip10(input.to)) return
  const from = parseCaip10(input.from)
  const to = parseCaip10(input.to)
  const issue = (message: string) => ctx.addIssue({ code: 'custom', message, path: ['to'], input: input.to })
  if (from.caipNetworkId !== to.caipNetworkId) issue(CROSS_CHAIN)
  else if (from.address.toLowerCase() === to.address.toLowerCase()) issue(SAME_TOKEN)
})

/** `GET /v1/convert/tokens` query. */
export const TokensQuery = z.object({ chainId: z.string() })

/** `GET /v1/convert/gas-price` query. */
export const GasPriceQuery = z.object({ chainId: z.string() })

/**
 * `GET /v1/convert/quotes` query: `amount` of `from` in base units. The spec's `gasPrice` is not read
 * (dropped like any unknown parameter): a quote is amounts only and its route is the one that gives
 * the most; the fee comes with the built transaction.
 */
export const QuotesQuery = z
  .object({
    amount: Amount,
    userAddress: z.optional(Account),
    from: Token,
    to: Token,
  })
  .check(pair)

/** `GET /v1/convert/allowance` query: the token (CAIP-10) and its owner; the spender is the router. */
export const AllowanceQuery = z.object({ tokenAddress: Token, userAddress: Account })

/** `GET /v1/convert/build-approve` query: approve `from` for the router (`amount`; the most when absent). */
export const BuildApproveQuery = z
  .object({ userAddress: Account, from: Token, to: Token, amount: z.optional(Amount) })
  .check(pair)

/** `POST /v1/convert/build-transaction` body: slippage in percent, at most {@link SLIPPAGE_MAX_PERCENT}. */
export const BuildTransactionBody = z
  .object({
    amount: Amount,
    eip155: z.optional(
      z.object({
        slippage: z.pipe(
          z.union([z.number(), z.string().check(z.regex(/^[0-9]+(\.[0-9]+)?$/, 'must be a number'))]),
          z.transform(Number).check(z.gte(0), z.lte(SLIPPAGE_MAX_PERCENT)),
        ),
      }),
    ),
    from: Token,
    to: Token,
    userAddress: Account,
    disableEstimate: z.optional(z.boolean()),
  })
  .check(pair)

/**
 * One quote with what the Swap view shows besides amounts: the pools' route (CAIP-10 tokens), the price
 * impact and the pools' fee in percent.
 */
export const Quote = z.extend(Convert.QuotesResponse.shape.quotes.def.element, {
  path: z.optional(z.array(z.string())),
  priceImpact: z.optional(z.number()),
  feePercent: z.optional(z.number()),
})
/** One quote with its route, price impact and fee. */
export type Quote = z.infer<typeof Quote>

/** `GET /v1/convert/quotes` response with the details of {@link Quote}. */
export const QuotesResponse = z.object({ quotes: z.array(Quote) })
/** `GET /v1/convert/quotes` response with the details of {@link Quote}. */
export type QuotesResponse = z.infer<typeof QuotesResponse>
