import type * as Tables from '../db/Tables.js'
import * as Registry from '../indexer/Registry.js'

/** The operation types the history reports (REFERENCE metadata.operationType). */
export const OPERATION_TYPES = [
  'send',
  'receive',
  'trade',
  'approve',
  'mint',
  'burn',
  'deposit',
  'withdraw',
  'deploy',
  'execute',
] as const

/** An operation type. */
export type OperationType = (typeof OPERATION_TYPES)[number]

/** A transfer as seen from the account: the row and its direction. */
export type Seen = { transfer: typeof Tables.chainTransfers.$inferSelect; direction: 'in' | 'out' | 'self' }

/** Function selectors that tell what a failed transaction tried (it left no logs). */
const SELECTORS: Record<string, OperationType> = {
  '0x095ea7b3': 'approve', // approve(address,uint256)
  '0xa22cb465': 'approve', // setApprovalForAll(address,bool)
  '0xa9059cbb': 'send', // transfer(address,uint256)
  '0x23b872dd': 'send', // transferFrom(address,address,uint256)
  '0x42842e0e': 'send', // safeTransferFrom(address,address,uint256)
  '0xb88d4fde': 'send', // safeTransferFrom(address,address,uint256,bytes)
  '0x38ed1739': 'trade', // swapExactTokensForTokens
  '0x8803dbee': 'trade', // swapTokensForExactTokens
  '0x7ff36ab5': 'trade', // swapExactETHForTokens
  '0xfb3bdb41': 'trade', // swapETHForExactTokens
  '0x18cbafe5': 'trade', // swapExactTokensForETH
  '0x4a25d94a': 'trade', // swapTokensForExactETH
  '0xd0e30db0': 'deposit', // deposit()
  '0x2e1a7d4d': 'withdraw', // withdraw(uint256)
}

/** The transfers of a transaction that move value to or from `account`, with their direction. */
export function seenBy(
  account: string,
  transfers: readonly (typeof Tables.chainTransfers.$inferSelect)[],
): Seen[] {
  const seen: Seen[] = []
  for (const transfer of transfers) {
    if (transfer.kind === 'approval' || transfer.kind === 'approval_for_all') continue
    const out = transfer.fromAddress === account
    const into = transfer.toAddress === account
    if (out && into) seen.push({ transfer, direction: 'self' })
    else if (out) seen.push({ transfer, direction: 'out' })
    else if (into) seen.push({ transfer, direction: 'in' })
  }
  return seen
}

/**
 * What a transaction was for `account`: a contract it deployed; for a failed transaction, what its call
 * tried; a WETH wrap or unwrap; tokens both out and in (a swap through the router) a trade; only in a mint
 * (all from the zero address) or a receive; only out a burn (all to the zero address) or a send; moves to
 * itself a send; only approvals an approve; anything else an execute.
 */
export function classify(options: {
  account: string
  transaction: typeof Tables.chainTransactions.$inferSelect
  transfers: readonly (typeof Tables.chainTransfers.$inferSelect)[]
  chain: Registry.Chain
}): OperationType {
  const { account, transaction: tx, chain } = options
  if (tx.toAddress === null && tx.fromAddress === account) return 'deploy'
  if (tx.status === 'failed') return tx.selector ? (SELECTORS[tx.selector] ?? 'execute') : 'send'
  const seen = seenBy(account, options.transfers)
  const ins = seen.filter((entry) => entry.direction === 'in').map((entry) => entry.transfer)
  const outs = seen.filter((entry) => entry.direction === 'out').map((entry) => entry.transfer)
  const weth = chain.amm?.wrappedNative.address
  if (weth && tx.toAddress === weth) {
    if (ins.some((t) => t.token === weth && t.fromAddress === Registry.ZERO_ADDRESS)) return 'deposit'
    if (outs.some((t) => t.token === weth && t.toAddress === Registry.ZERO_ADDRESS)) return 'withdraw'
  }
  if (ins.length && outs.length) return 'trade'
  if (ins.length) return ins.every((t) => t.fromAddress === Registry.ZERO_ADDRESS) ? 'mint' : 'receive'
  if (outs.length) return outs.every((t) => t.toAddress === Registry.ZERO_ADDRESS) ? 'burn' : 'send'
  if (seen.length) return 'send'
  const approved = options.transfers.some(
    (t) => (t.kind === 'approval' || t.kind === 'approval_for_all') && t.fromAddress === account,
  )
  return approved ? 'approve' : 'execute'
}
