import * as SignRequest from '@frontdoor/protocol/sign-request'
import * as TokenCalls from '@frontdoor/protocol/tokens'
import * as Batch from './Batch.js'
import * as Summary from './Summary.js'

/**
 * The approval screen's summary of a request that moves or grants tokens: amounts in the token's units
 * (ERC-20 `decimals()` by `eth_call` through the frame's RPC proxy, each token once per request and kept
 * for the frame's lifetime per chain and token; a token whose decimals cannot be read shows base units,
 * said so, and is asked again next time), what a Permit2 signature grants (spender, each token's amount
 * and expiry, the signature's deadline) and what an ERC-20 transferFrom moves; a `wallet_sendCalls`
 * batch's calls too (Batch.ts's rows, their amounts in the token's units). A lazy chunk: only
 * transactions, typed data and batches load it (the frame's first bytes stay small); Summary.describe
 * shows what it read.
 */

/** One row of the screen. */
type Row = Summary.Summary['rows'][number]

/** Texts of the token rows, defined once. */
export const TEXT = {
  transferFromTitle: 'Move tokens',
  baseUnits: (amount: bigint) => `${amount} base units`,
  noDecimals: "the token's decimals could not be read",
  expiresWhenUsed: 'When used (this block only)',
  deadlineNever: 'Never',
} as const

/** ERC-20 `decimals()`'s selector. */
const DECIMALS = '0x313ce567'

/** The most decimals taken as a token's (a uint256 has 78 digits); more is no ERC-20 answer. */
const MAX_DECIMALS = 77

/** One JSON-RPC call to the request's chain. */
export type Call = (method: string, params: unknown[]) => Promise<unknown>

/** Decimals by lower-case token address; null where they could not be read. */
export type Decimals = Record<string, number | null>

const cache = new Map<string, number>()

/** A token amount of the request: its row label, token and amount (of `bits` bits). */
type Amount = { label: string; token: string; amount: bigint; bits?: number }

/** What the request moves or grants, as the screen shows it: amounts of tokens, and a Permit2 signature. */
function read(method: string, params: unknown): { amounts: Amount[]; permit2?: TokenCalls.Permit } {
  try {
    if (method === 'wallet_sendCalls') return { amounts: Batch.amounts(params) }
    if (method === 'eth_sendTransaction') {
      const tx = SignRequest.transaction(params)
      const call = SignRequest.call(tx.data) ?? TokenCalls.transferFrom(tx.data)
      return tx.to && call && 'amount' in call
        ? { amounts: [{ label: 'Amount', token: tx.to, amount: call.amount }] }
        : { amounts: [] }
    }
    if (method === 'eth_signTypedData_v4') {
      const { typedData } = SignRequest.typedData(params)
      const permit2 = TokenCalls.permit2(typedData)
      if (permit2) {
        const n = (index: number) => (permit2.grants.length > 1 ? ` ${index + 1}` : '')
        return {
          permit2,
          amounts: permit2.grants.map((grant, index) => ({
            label: `Amount${n(index)}`,
            token: grant.token,
            amount: grant.amount,
            bits: grant.bits,
          })),
        }
      }
      const permit = SignRequest.permit(typedData)
      const token = typedData.domain.verifyingContract
      if (permit && typeof token === 'string')
        return { amounts: [{ label: 'Amount', token, amount: permit.value }] }
    }
  } catch {
    // A request sign-request refuses is never shown.
  }
  return { amounts: [] }
}

/** The tokens whose amounts the screen shows for `method` with `params`, lower-case, each once. */
export function tokensOf(method: string, params: unknown): string[] {
  return [...new Set(read(method, params).amounts.map((amount) => amount.token.toLowerCase()))]
}

/** A token's decimals from its `decimals()` answer (a 32-byte word), or null when it is no such answer. */
function decimalsOf(answer: unknown): number | null {
  if (typeof answer !== 'string' || !/^0x[0-9a-fA-F]{64}$/.test(answer)) return null
  const value = BigInt(answer)
  return value <= BigInt(MAX_DECIMALS) ? Number(value) : null
}

/**
 * The decimals of each token of the request on `chainId` (null: not readable).
 * @example await Tokens.decimals('eth_sendTransaction', params, 31337, call) // { '0x86…69': 6 }
 */
export async function decimals(
  method: string,
  params: unknown,
  chainId: number,
  call: Call,
): Promise<Decimals> {
  const entries = await Promise.all(
    tokensOf(method, params).map(async (token) => {
      const key = `${chainId}:${token}`
      const known = cache.get(key)
      if (known !== undefined) return [token, known] as const
      const read = await call('eth_call', [{ to: token, data: DECIMALS }, 'latest']).then(
        decimalsOf,
        () => null,
      )
      if (read !== null) cache.set(key, read)
      return [token, read] as const
    }),
  )
  return Object.fromEntries(entries)
}

/**
 * A token amount of `bits` bits: 'Unlimited'; in the token's units with the base units beside them
 * where they differ; in base units, said so, when the token's decimals could not be read.
 * @example Tokens.formatAmount(2_500_000n, fusd, { [fusd]: 6 }) // '2.5 (2500000 base units)'
 */
export function formatAmount(amount: bigint, token: string, known: Decimals, bits = 256): string {
  if (TokenCalls.isUnlimited(amount, bits)) return SignRequest.UNLIMITED
  const decimals = Object.hasOwn(known, token.toLowerCase()) ? known[token.toLowerCase()] : null
  if (decimals === null || decimals === undefined) return `${TEXT.baseUnits(amount)} (${TEXT.noDecimals})`
  const units = Summary.formatUnits(amount, decimals)
  return units === amount.toString() ? units : `${units} (${TEXT.baseUnits(amount)})`
}

/** A permit deadline (seconds since 1970) as an ISO date, or 'Never' when it is unlimited. */
function formatDeadline(deadline: bigint): string {
  if (SignRequest.isUnlimited(deadline) || deadline > 8_640_000_000_000n) return TEXT.deadlineNever
  return new Date(Number(deadline) * 1000).toISOString().replace('.000Z', 'Z')
}

/** A Permit2 allowance's expiration: 0 is the block that uses it. */
const expiry = (expiration: bigint) => (expiration === 0n ? TEXT.expiresWhenUsed : formatDeadline(expiration))

/** A Permit2 signature's rows: its spender, each token with its amount and expiry, its deadline. */
function permit2Rows(permit: TokenCalls.Permit, known: Decimals): Row[] {
  const rows: Row[] = [{ label: 'Spender', value: permit.spender, warning: true }]
  const several = permit.grants.length > 1
  for (const [index, grant] of permit.grants.entries()) {
    const n = several ? ` ${index + 1}` : ''
    rows.push(
      { label: `Token${n}`, value: grant.token },
      {
        label: `Amount${n}`,
        value: formatAmount(grant.amount, grant.token, known, grant.bits),
        warning: TokenCalls.isUnlimited(grant.amount, grant.bits),
      },
      { label: `Expiry${n}`, value: expiry(grant.expiration ?? permit.deadline) },
    )
  }
  if (permit.primaryType !== 'PermitTransferFrom')
    rows.push({ label: 'Signature deadline', value: formatDeadline(permit.deadline) })
  return rows
}

/** An EIP-2612 permit of typed data and its token (the verifying contract). */
function permitOf(params: unknown) {
  const { typedData } = SignRequest.typedData(params)
  const permit = SignRequest.permit(typedData)
  const token = typedData.domain.verifyingContract
  return permit && typeof token === 'string' ? { ...permit, token } : undefined
}

/** An EIP-2612 permit's rows: its spender, the amount in the token's units, its deadline. */
function permitRows(permit: NonNullable<ReturnType<typeof permitOf>>, known: Decimals): Row[] {
  return [
    { label: 'Spender', value: permit.spender, warning: true },
    {
      label: 'Amount',
      value: formatAmount(permit.value, permit.token, known),
      warning: SignRequest.isUnlimited(permit.value),
    },
    { label: 'Deadline', value: formatDeadline(permit.deadline) },
  ]
}

/** The rows of an ERC-20 transferFrom, after the Value row of a transaction's summary. */
function transferFromRows(call: NonNullable<ReturnType<typeof TokenCalls.transferFrom>>): Row[] {
  return [
    { label: 'Function', value: 'transferFrom(from, to, amount)' },
    { label: 'Owner', value: call.from },
    { label: 'Recipient', value: call.to },
    { label: 'Amount', value: '' },
  ]
}

/**
 * The summary of `method` with `params` given the decimals of its tokens: Summary.describe's (a batch's
 * is `context.batch`), with each token amount in the token's units, a Permit2 signature's rows, a
 * transferFrom decoded; undefined when the request moves or grants no token (the screen shows
 * Summary.describe's).
 */
export function summarize(
  method: string,
  params: unknown,
  context: Summary.Context,
  known: Decimals,
): Summary.Summary | undefined {
  const { amounts, permit2 } = read(method, params)
  if (amounts.length === 0) return undefined
  const summary = Summary.describe(method, params, { ...context, tokens: undefined })
  let rows = summary.rows
  let { title, detail } = summary
  if (method === 'eth_sendTransaction') {
    const tx = context.transaction ?? SignRequest.transaction(params)
    const moved = TokenCalls.transferFrom(tx.data)
    if (moved) {
      // Summary.ts decodes no transferFrom: its raw data becomes the call it is.
      title = TEXT.transferFromTitle
      detail = undefined
      const value = rows.findIndex((row) => row.label === 'Value')
      rows = rows.map((row) => (row.label === 'To' ? { ...row, label: 'Contract' } : row))
      rows.splice(value + 1, 0, ...transferFromRows(moved))
    }
  }
  const texts = new Map(
    amounts.map(({ label, token, amount, bits }) => [label, formatAmount(amount, token, known, bits)]),
  )
  const permit = method === 'eth_signTypedData_v4' && !permit2 ? permitOf(params) : undefined
  rows = permit2
    ? [...rows, ...permit2Rows(permit2, known)]
    : permit
      ? [...rows, ...permitRows(permit, known)]
      : rows.map((row) => (texts.has(row.label) ? { ...row, value: texts.get(row.label)! } : row))
  return { title, rows, ...(detail ? { detail } : {}) }
}

/**
 * The screen's summary of a request that moves or grants tokens (Summary.Context.tokens), their
 * decimals read by `rpc` on the request's chain for `project`; undefined for other requests.
 */
export async function describe(
  request: { method: string; params?: unknown },
  context: Summary.Context,
  rpc: (project: string, chainId: number, method: string, params: unknown) => Promise<unknown>,
  project: string,
): Promise<Summary.Summary | undefined> {
  const { method, params } = request
  if (tokensOf(method, params).length === 0) return undefined
  const call: Call = (name, args) => rpc(project, context.chainId, name, args)
  return summarize(method, params, context, await decimals(method, params, context.chainId, call))
}
