import type * as Trace from './Trace.js'

/**
 * What a simulated call changes for one account, read from its {@link Trace.Effects}: the native coin and
 * ERC-20 amounts that leave and enter it (net per asset), the ERC-721 tokens it sends and receives, and
 * the approvals it grants (ERC-20 `Approval`, ERC-721 `Approval` and `ApprovalForAll`). The chain's
 * wrapped native token's (WETH9's) `Deposit` / `Withdrawal` events count as it entering and leaving the
 * account; another contract's (many vaults emit the same events) move nothing, and a wrapped token that
 * also emits a mint or burn `Transfer` for them is counted once, by its transfers.
 */

/** keccak256 of the event signatures read here. */
export const TOPIC = {
  /** Transfer(address,address,uint256), ERC-20 (amount in data) and ERC-721 (token id indexed). */
  transfer: '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
  /** Approval(address,address,uint256), ERC-20 and ERC-721. */
  approval: '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925',
  /** ApprovalForAll(address,address,bool). */
  approvalForAll: '0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31',
  /** Deposit(address,uint256) of WETH9. */
  deposit: '0xe1fffcc4923d04b559f4d29a8bfc6cda04eb5b0d3c460751c2402c5c5cc9109c',
  /** Withdrawal(address,uint256) of WETH9. */
  withdrawal: '0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65',
} as const

type Direction = 'in' | 'out'

/** An amount of the native coin or of an ERC-20 token leaving (`out`) or entering (`in`) the account. */
export type AmountChange =
  | { direction: Direction; asset: 'native'; amount: bigint }
  | { direction: Direction; asset: 'erc20'; token: string; amount: bigint }

/** An ERC-721 token leaving or entering the account. */
export type NftChange = { direction: Direction; asset: 'erc721'; token: string; tokenId: bigint }

/** An approval the account grants (or revokes: amount 0, approved false). */
export type Approval =
  | { kind: 'erc20'; token: string; spender: string; amount: bigint }
  | { kind: 'erc721'; token: string; spender: string; tokenId: bigint }
  | { kind: 'erc721-all'; token: string; spender: string; approved: boolean }

/** An account's changes. */
export type Changes = { changes: (AmountChange | NftChange)[]; approvals: Approval[] }

const ZERO = `0x${'0'.repeat(40)}`
const topicAddress = (topic: string | undefined) => `0x${(topic ?? '').slice(-40)}`.toLowerCase()
const big = (hex: string | undefined) => BigInt(hex && hex !== '0x' ? hex : '0x0')

/**
 * The changes `account` sees from `effects`. Amounts are net per asset (a swap's coin sent and refunded
 * is one change); NFTs one change a token; approvals in order, the last per token and spender winning.
 */
export function of(
  effects: Trace.Effects,
  account: string,
  options: { wrappedNative?: string | undefined } = {},
): Changes {
  const me = account.toLowerCase()
  const wrapped = options.wrappedNative?.toLowerCase()
  // The wrapped token's Deposit/Withdrawal net, and whether it also minted or burned for the account.
  let wrappings = 0n
  let wrappedMintBurn = false
  let native = 0n
  const tokens = new Map<string, bigint>()
  const nfts = new Map<string, NftChange>()
  const approvals = new Map<string, Approval>()
  const addToken = (token: string, amount: bigint) => tokens.set(token, (tokens.get(token) ?? 0n) + amount)
  for (const transfer of effects.transfers) {
    if (transfer.from === me) native -= transfer.value
    if (transfer.to === me) native += transfer.value
  }
  for (const log of effects.logs) {
    const [topic, a, b, c] = log.topics
    const token = log.address
    if (topic === TOPIC.transfer && log.topics.length === 3) {
      const amount = big(log.data.slice(0, 66))
      if (topicAddress(a) === me) addToken(token, -amount)
      if (topicAddress(b) === me) addToken(token, amount)
      const zero = topicAddress(a) === ZERO || topicAddress(b) === ZERO
      if (token === wrapped && zero && (topicAddress(a) === me || topicAddress(b) === me))
        wrappedMintBurn = true
    } else if (topic === TOPIC.transfer && log.topics.length === 4) {
      const tokenId = big(c)
      const key = `${token}:${tokenId}`
      const from = topicAddress(a) === me
      const to = topicAddress(b) === me
      // Sent and received back in one call: no change.
      if (from && to) continue
      if (from || to) {
        const existing = nfts.get(key)
        if (existing && existing.direction !== (to ? 'in' : 'out')) nfts.delete(key)
        else nfts.set(key, { direction: to ? 'in' : 'out', asset: 'erc721', token, tokenId })
      }
    } else if ((topic === TOPIC.deposit || topic === TOPIC.withdrawal) && log.topics.length === 2) {
      if (token === wrapped && topicAddress(a) === me)
        wrappings += topic === TOPIC.deposit ? big(log.data.slice(0, 66)) : -big(log.data.slice(0, 66))
    } else if (topic === TOPIC.approval && topicAddress(a) === me) {
      const spender = topicAddress(b)
      if (log.topics.length === 3)
        approvals.set(`${token}:${spender}`, {
          kind: 'erc20',
          token,
          spender,
          amount: big(log.data.slice(0, 66)),
        })
      else if (log.topics.length === 4)
        approvals.set(`${token}:id:${big(c)}`, { kind: 'erc721', token, spender, tokenId: big(c) })
    } else if (topic === TOPIC.approvalForAll && log.topics.length === 3 && topicAddress(a) === me) {
      const spender = topicAddress(b)
      approvals.set(`${token}:all:${spender}`, {
        kind: 'erc721-all',
        token,
        spender,
        approved: big(log.data.slice(0, 66)) !== 0n,
      })
    }
  }
  if (wrapped && wrappings !== 0n && !wrappedMintBurn) addToken(wrapped, wrappings)
  const direction = (value: bigint): Direction => (value < 0n ? 'out' : 'in')
  const abs = (value: bigint) => (value < 0n ? -value : value)
  const changes: (AmountChange | NftChange)[] = [
    ...(native !== 0n
      ? [{ direction: direction(native), asset: 'native' as const, amount: abs(native) }]
      : []),
    ...[...tokens]
      .filter(([, value]) => value !== 0n)
      .map(([token, value]) => ({
        direction: direction(value),
        asset: 'erc20' as const,
        token,
        amount: abs(value),
      })),
    ...nfts.values(),
  ]
  // Outgoing first, as a wallet reads them: what you give, then what you get.
  changes.sort((x, y) => (x.direction === y.direction ? 0 : x.direction === 'out' ? -1 : 1))
  return { changes, approvals: [...approvals.values()] }
}
