import * as Calls from '@frontdoor/protocol/calls'
import * as SignRequest from '@frontdoor/protocol/sign-request'
import * as TokenCalls from '@frontdoor/protocol/tokens'
import * as Summary from './Summary.js'

/**
 * What the approval screen shows for EIP-5792 `wallet_sendCalls`: the whole batch, each call with its
 * recipient, value and the function it calls when the screen reads it (approve, transfer, transferFrom,
 * setApprovalForAll, as for one transaction), then every call's data in full. Token amounts are in base
 * units here; Tokens.ts puts them in the token's units (decimals read from the chain) before the screen. The smart account sends
 * the batch as one user operation: all calls or none. The EOA sends each call as its own transaction,
 * in order, stopping at the first failure (EIP-5792 allows it when the page sets `atomicRequired`
 * false); a batch that requires atomicity is refused for it before the screen (5760).
 */

/** Texts of the batch screen, defined once. */
export const TEXT = {
  title: 'Send calls',
  atomic: 'All or none, in one transaction',
  sequential: 'One transaction per call, in order; stops at the first failure',
  unlimited: SignRequest.UNLIMITED,
} as const

type Row = Summary.Summary['rows'][number]

const amount = (value: bigint) => (SignRequest.isUnlimited(value) ? TEXT.unlimited : value.toString())

/** The label of call `n`'s token amount, the row Tokens.ts shows in the token's units. */
const amountLabel = (n: number) => `Call ${n} amount`

/** The function call `data` calls, when the screen reads it (sign-request's, or an ERC-20 transferFrom). */
function decode(data: string) {
  const moved = TokenCalls.transferFrom(data)
  return SignRequest.call(data) ?? (moved && { function: 'transferFrom' as const, ...moved })
}

/** The rows of call `n` (1-based): where it goes, what it sends, the function it calls. */
function callRows(n: number, call: Calls.Call, symbol: string): Row[] {
  const data = (call.data ?? '0x') as `0x${string}`
  const decoded = decode(data)
  const rows: Row[] = [
    { label: `Call ${n}`, value: call.to ?? 'New contract' },
    { label: `Call ${n} value`, value: `${Summary.formatEther(Calls.amount(call))} ${symbol}` },
  ]
  if (!decoded) {
    if (data !== '0x') rows.push({ label: `Call ${n} data`, value: `${(data.length - 2) / 2} bytes (below)` })
    return rows
  }
  switch (decoded.function) {
    case 'approve':
      rows.push(
        { label: `Call ${n} function`, value: 'approve(spender, amount)' },
        { label: `Call ${n} spender`, value: decoded.spender, warning: true },
        {
          label: amountLabel(n),
          value: amount(decoded.amount),
          warning: SignRequest.isUnlimited(decoded.amount),
        },
      )
      break
    case 'transfer':
      rows.push(
        { label: `Call ${n} function`, value: 'transfer(to, amount)' },
        { label: `Call ${n} recipient`, value: decoded.to },
        { label: amountLabel(n), value: amount(decoded.amount) },
      )
      break
    case 'transferFrom':
      rows.push(
        { label: `Call ${n} function`, value: 'transferFrom(from, to, amount)' },
        { label: `Call ${n} owner`, value: decoded.from },
        { label: `Call ${n} recipient`, value: decoded.to },
        { label: amountLabel(n), value: amount(decoded.amount) },
      )
      break
    case 'setApprovalForAll':
      rows.push(
        { label: `Call ${n} function`, value: 'setApprovalForAll(operator, approved)' },
        { label: `Call ${n} operator`, value: decoded.operator, warning: decoded.approved },
      )
      break
  }
  return rows
}

/** `wallet_sendCalls`' params read with protocol's calls rules; -32602 naming the field otherwise. */
function readParams(params: unknown): [Calls.SendCalls] {
  try {
    return Calls.checkParams('wallet_sendCalls', params) as [Calls.SendCalls]
  } catch (error) {
    const data = (error as { data?: { field?: string; reason?: string } }).data
    throw SignRequest.invalid(`params.${data?.field ?? ''}: ${data?.reason ?? 'invalid'}`)
  }
}

/**
 * The token amounts of a `wallet_sendCalls` batch (approve, transfer, transferFrom): each with the label
 * of its row, its token (the call's recipient) and its amount in base units, for Tokens.ts.
 */
export function amounts(params: unknown): { label: string; token: string; amount: bigint }[] {
  return readParams(params)[0].calls.flatMap((call, i) => {
    const decoded = decode(call.data ?? '0x')
    return call.to && decoded && 'amount' in decoded
      ? [{ label: amountLabel(i + 1), token: call.to, amount: decoded.amount }]
      : []
  })
}

/**
 * The batch of a `wallet_sendCalls` request, read with protocol's calls schema (-32602 naming the
 * field otherwise), for the account `context.address` on `context.chainId`: a smart account
 * (`atomic`, one user operation) or the EOA (call by call; 5760 when the page requires atomicity).
 */
export function describe(params: unknown, context: Summary.Context, atomic = true): Summary.Summary {
  const [batch] = readParams(params)
  if (Number(batch.chainId) !== context.chainId)
    throw SignRequest.invalid(SignRequest.REFUSALS.otherChain(batch.chainId, context.chainId))
  if (!atomic && batch.atomicRequired) throw Calls.error('atomicityNotSupported')
  const text = JSON.stringify(batch.calls, null, 2)
  if (text.length > SignRequest.SIGNED_CONTENT_MAX_CHARS)
    throw SignRequest.invalid(SignRequest.REFUSALS.tooLong)
  const symbol = context.network?.symbol ?? 'ETH'
  return {
    title: TEXT.title,
    rows: [
      { label: 'Method', value: 'wallet_sendCalls' },
      { label: 'From', value: context.address },
      { label: 'Network', value: context.network?.name ?? `Chain ${context.chainId}` },
      { label: 'Calls', value: String(batch.calls.length) },
      { label: atomic ? 'Atomic' : 'Sent', value: atomic ? TEXT.atomic : TEXT.sequential },
      ...batch.calls.flatMap((call, i) => callRows(i + 1, call, symbol)),
    ],
    detail: { label: 'Calls', text },
  }
}
