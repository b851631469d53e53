import * as FrontdoorAccount from '@frontdoor/smart-account'
import { decodeAbiParameters, decodeFunctionData, type Hex, parseAbi, toEventSelector } from 'viem'
import { entryPoint07Abi, entryPoint07Address } from 'viem/account-abstraction'
import type * as Tables from '../db/Tables.js'
import * as Registry from './Registry.js'

/** A block as `eth_getBlockByNumber(n, true)` returns it. */
export type RpcBlock = {
  number: Hex
  hash: Hex
  parentHash: Hex
  timestamp: Hex
  transactions: RpcTransaction[]
}

/** A transaction of an {@link RpcBlock}. */
export type RpcTransaction = {
  hash: Hex
  from: Hex
  to: Hex | null
  nonce: Hex
  value: Hex
  input: Hex
  transactionIndex: Hex
}

/** A log as `eth_getLogs` returns it. */
export type RpcLog = {
  address: Hex
  topics: Hex[]
  data: Hex
  blockNumber: Hex
  blockHash: Hex
  transactionHash: Hex
  logIndex: Hex
  removed?: boolean
}

/** The parts of a receipt the indexer reads. */
export type RpcReceipt = { transactionHash: Hex; status: Hex; contractAddress: Hex | null }

/** Topics of the events the indexer reads. */
export const TOPICS = {
  transfer: toEventSelector('Transfer(address,address,uint256)'),
  approval: toEventSelector('Approval(address,address,uint256)'),
  approvalForAll: toEventSelector('ApprovalForAll(address,address,bool)'),
  deposit: toEventSelector('Deposit(address,uint256)'),
  withdrawal: toEventSelector('Withdrawal(address,uint256)'),
  /** ERC-4337 v0.7's EntryPoint: one per user operation a bundle ran, with whether it succeeded. */
  userOperation: toEventSelector('UserOperationEvent(bytes32,address,address,uint256,bool,uint256,uint256)'),
} as const

/** Every topic0 the indexer asks `eth_getLogs` for. */
export const LOG_TOPICS: Hex[] = Object.values(TOPICS)

/** `log_index` of a transaction's own native value. */
export const NATIVE_LOG_INDEX = -1
/** `log_index` of the first native transfer inferred inside a transaction (then -3, -4, …). */
export const INTERNAL_LOG_INDEX = -2

/** Router calls that pay native coin out to their `to` argument (the rest refund `msg.sender`). */
const routerEthOutAbi = parseAbi([
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapTokensForExactETH(uint256 amountOut, uint256 amountInMax, address[] path, address to, uint256 deadline)',
  'function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function removeLiquidityETH(address token, uint256 liquidity, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline)',
  'function removeLiquidityETHSupportingFeeOnTransferTokens(address token, uint256 liquidity, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline)',
  'function removeLiquidityETHWithPermit(address token, uint256 liquidity, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline, bool approveMax, uint8 v, bytes32 r, bytes32 s)',
  'function removeLiquidityETHWithPermitSupportingFeeOnTransferTokens(address token, uint256 liquidity, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline, bool approveMax, uint8 v, bytes32 r, bytes32 s)',
])

/** Rows of a range of blocks, ready to store. */
export type Decoded = {
  blocks: { number: number; hash: string }[]
  transactions: (typeof Tables.chainTransactions.$inferInsert)[]
  transfers: (typeof Tables.chainTransfers.$inferInsert)[]
  activity: (typeof Tables.accountActivity.$inferInsert)[]
  /** Token contracts the logs name, with the standard their events show (lowercase). */
  tokens: Map<string, 'erc20' | 'erc721'>
  /** ERC-721 items moved (`contract:tokenId`, lowercase contract). */
  nftItems: Set<string>
}

const WORD_HEX_LENGTH = 66

const addressOfTopic = (topic: Hex) => `0x${topic.slice(26)}`.toLowerCase()
const isWord = (data: Hex) => data.length === WORD_HEX_LENGTH

const ZERO_HASH = `0x${'0'.repeat(64)}`

/**
 * Whether `block` names `parentHash` as its parent. Blocks Hardhat mines in bulk (`hardhat_mine`) report a
 * zero parent hash: such a link cannot be checked and counts as whole.
 */
export function hasParent(block: RpcBlock, parentHash: string): boolean {
  const named = block.parentHash.toLowerCase()
  return named === parentHash.toLowerCase() || (named === ZERO_HASH && Number(block.number) > 0)
}

/** Why `blocks` and `logs` cannot be decoded together (a reorg happened between the calls). */
export function inconsistency(blocks: readonly RpcBlock[], logs: readonly RpcLog[]): string | undefined {
  for (let i = 1; i < blocks.length; i++) {
    const [block, parent] = [blocks[i], blocks[i - 1]]
    if (block && parent && !hasParent(block, parent.hash))
      return `block ${Number(block.number)} has another parent`
  }
  const hashes = new Map(blocks.map((block) => [Number(block.number), block.hash]))
  for (const log of logs) {
    if (log.removed) return 'a log was removed'
    if (hashes.get(Number(log.blockNumber)) !== log.blockHash)
      return `a log of block ${Number(log.blockNumber)} is from another fork`
  }
  return undefined
}

/** The token-level meaning of one log, or undefined when the indexer does not read it. */
function transferOfLog(
  chain: Registry.Chain,
  log: RpcLog,
): Omit<typeof Tables.chainTransfers.$inferInsert, 'chainId' | 'txHash' | 'blockNumber'> | undefined {
  const [topic0, t1, t2, t3] = log.topics
  const token = log.address.toLowerCase()
  const logIndex = Number(log.logIndex)
  if (!topic0 || !t1) return undefined
  const isTransfer = topic0 === TOPICS.transfer
  if ((isTransfer || topic0 === TOPICS.approval) && t2) {
    const parties = { logIndex, token, fromAddress: addressOfTopic(t1), toAddress: addressOfTopic(t2) }
    // ERC-20 events carry the amount as data; ERC-721 ones the token id as a third indexed topic.
    if (log.topics.length === 3 && isWord(log.data))
      return { ...parties, kind: isTransfer ? 'erc20' : 'approval', amount: BigInt(log.data).toString() }
    if (log.topics.length === 4 && t3)
      return { ...parties, kind: isTransfer ? 'erc721' : 'approval', tokenId: BigInt(t3).toString() }
    return undefined
  }
  if (topic0 === TOPICS.approvalForAll && t2 && log.topics.length === 3 && isWord(log.data))
    return {
      logIndex,
      kind: 'approval_for_all',
      token,
      fromAddress: addressOfTopic(t1),
      toAddress: addressOfTopic(t2),
      amount: BigInt(log.data) === 0n ? '0' : '1',
    }
  // WETH9 emits Deposit / Withdrawal instead of Transfer when it wraps and unwraps: mints and burns.
  const weth = chain.amm?.wrappedNative.address
  if (token !== weth || log.topics.length !== 2 || !isWord(log.data)) return undefined
  const amount = BigInt(log.data).toString()
  if (topic0 === TOPICS.deposit)
    return {
      logIndex,
      kind: 'erc20',
      token,
      fromAddress: Registry.ZERO_ADDRESS,
      toAddress: addressOfTopic(t1),
      amount,
    }
  if (topic0 === TOPICS.withdrawal)
    return {
      logIndex,
      kind: 'erc20',
      token,
      fromAddress: addressOfTopic(t1),
      toAddress: Registry.ZERO_ADDRESS,
      amount,
    }
  return undefined
}

/** The `to` argument of a router call that pays native coin out, if `input` is one. */
function ethOutRecipient(input: Hex): string | undefined {
  try {
    const { functionName, args } = decodeFunctionData({ abi: routerEthOutAbi, data: input })
    const to = functionName.startsWith('swap') ? args[3] : args[4]
    return typeof to === 'string' ? to.toLowerCase() : undefined
  } catch {
    return undefined
  }
}

/**
 * Native coin a contract paid out inside a transaction, inferred from events since the node cannot trace
 * calls: WETH pays `src` on every Withdrawal, and the AMM router (which keeps no coin) pays out what it took
 * in (the value, and WETH it unwrapped) minus what it wrapped: to the `to` of an ETH-out call, else back to
 * the sender.
 */
function internalNative(
  chain: Registry.Chain,
  tx: RpcTransaction,
  transfers: readonly ReturnType<typeof transferOfLog>[],
): { from: string; to: string; amount: bigint }[] {
  const amm = chain.amm
  if (!amm) return []
  const weth = amm.wrappedNative.address
  const router = amm.router
  const out: { from: string; to: string; amount: bigint }[] = []
  let routerIn = tx.to?.toLowerCase() === router ? BigInt(tx.value) : 0n
  let routerWrapped = 0n
  for (const transfer of transfers) {
    if (transfer?.kind !== 'erc20' || transfer.token !== weth || !transfer.amount) continue
    const amount = BigInt(transfer.amount)
    if (transfer.toAddress === Registry.ZERO_ADDRESS) {
      out.push({ from: weth, to: transfer.fromAddress, amount })
      if (transfer.fromAddress === router) routerIn += amount
    } else if (transfer.fromAddress === Registry.ZERO_ADDRESS && transfer.toAddress === router) {
      routerWrapped += amount
    }
  }
  const routerOut = routerIn - routerWrapped
  if (routerOut > 0n) {
    const to = ethOutRecipient(tx.input) ?? tx.from.toLowerCase()
    out.push({ from: router, to, amount: routerOut })
  }
  return out
}

/**
 * The EntryPoint v0.7 contracts whose bundles the indexer reads (lowercase): the devnets' (the smart
 * account's contract addresses) and the canonical one of public chains (viem's). Any contract can take a
 * `handleOps` call or emit a UserOperationEvent, so both the bundle's `to` and the event's address must
 * be one of these, or a stranger could write fake coin movements into an account's history.
 */
export const ENTRY_POINTS: ReadonlySet<string> = new Set(
  [FrontdoorAccount.DEVNET_CONTRACTS.entryPoint, entryPoint07Address].map((address) => address.toLowerCase()),
)

/**
 * Native coin smart accounts paid out inside an ERC-4337 bundle (EntryPoint v0.7 `handleOps`), which
 * no event shows: for each user operation whose UserOperationEvent (of the same EntryPoint) says it
 * succeeded, the value of each call of its `execute` / `executeBatch` (FrontdoorAccount's and
 * SimpleAccount's), from the account.
 */
function userOperationNative(tx: RpcTransaction, logs: readonly RpcLog[]) {
  const out: { from: string; to: string; amount: bigint }[] = []
  const entryPoint = tx.to?.toLowerCase()
  if (!entryPoint || !ENTRY_POINTS.has(entryPoint)) return out
  let ops: readonly { sender: Hex; nonce: bigint; callData: Hex }[]
  try {
    const call = decodeFunctionData({ abi: entryPoint07Abi, data: tx.input })
    if (call.functionName !== 'handleOps') return out
    ops = call.args[0]
  } catch {
    return out
  }
  for (const op of ops) {
    const sender = op.sender.toLowerCase()
    const succeeded = logs.some((log) => {
      if (
        log.topics[0] !== TOPICS.userOperation ||
        log.address.toLowerCase() !== entryPoint ||
        !log.topics[2] ||
        addressOfTopic(log.topics[2]) !== sender
      )
        return false
      const [nonce, success] = decodeAbiParameters(
        [{ type: 'uint256' }, { type: 'bool' }, { type: 'uint256' }, { type: 'uint256' }],
        log.data,
      )
      return nonce === op.nonce && success
    })
    if (!succeeded) continue
    let calls: ReturnType<typeof FrontdoorAccount.decodeCalls> = []
    try {
      calls = FrontdoorAccount.decodeCalls(op.callData)
    } catch {}
    for (const { to, value } of calls)
      if (value > 0n) out.push({ from: sender, to: to.toLowerCase(), amount: value })
  }
  return out
}

/**
 * Turns a range of blocks, its logs and the receipts of the transactions without logs (and of contract
 * creations) into rows. Transactions with logs succeeded; the others' status comes from their receipt.
 */
export function decode(options: {
  chain: Registry.Chain
  blocks: readonly RpcBlock[]
  logs: readonly RpcLog[]
  receipts: ReadonlyMap<string, RpcReceipt>
}): Decoded {
  const { chain, blocks } = options
  const chainId = chain.chainId
  const logsByTx = new Map<string, RpcLog[]>()
  for (const log of options.logs) {
    const hash = log.transactionHash.toLowerCase()
    const list = logsByTx.get(hash)
    if (list) list.push(log)
    else logsByTx.set(hash, [log])
  }
  const decoded: Decoded = {
    blocks: [],
    transactions: [],
    transfers: [],
    activity: [],
    tokens: new Map(),
    nftItems: new Set(),
  }
  for (const block of blocks) {
    const blockNumber = Number(block.number)
    const minedAt = new Date(Number(block.timestamp) * 1000)
    decoded.blocks.push({ number: blockNumber, hash: block.hash.toLowerCase() })
    for (const tx of block.transactions) {
      const hash = tx.hash.toLowerCase()
      const from = tx.from.toLowerCase()
      const to = tx.to?.toLowerCase() ?? null
      const txIndex = Number(tx.transactionIndex)
      const logs = logsByTx.get(hash) ?? []
      const receipt = options.receipts.get(hash)
      const confirmed = logs.length > 0 || receipt?.status === '0x1'
      if (!confirmed && !receipt) throw new Error(`indexer: no receipt for ${hash}`)
      const contractAddress = to === null ? (receipt?.contractAddress?.toLowerCase() ?? null) : null
      decoded.transactions.push({
        chainId,
        hash,
        blockNumber,
        txIndex,
        minedAt,
        fromAddress: from,
        toAddress: to,
        contractAddress,
        nonce: Number(tx.nonce),
        value: BigInt(tx.value).toString(),
        selector: tx.input.length >= 10 ? tx.input.slice(0, 10).toLowerCase() : null,
        status: confirmed ? 'confirmed' : 'failed',
      })
      const participants = new Set<string>([from])
      const push = (
        row: Omit<typeof Tables.chainTransfers.$inferInsert, 'chainId' | 'txHash' | 'blockNumber'>,
      ) => {
        decoded.transfers.push({ chainId, txHash: hash, blockNumber, ...row })
        if (row.kind === 'approval' || row.kind === 'approval_for_all') participants.add(row.fromAddress)
        else for (const party of [row.fromAddress, row.toAddress]) participants.add(party)
      }
      const value = BigInt(tx.value)
      const recipient = to ?? contractAddress
      if (confirmed && value > 0n && recipient)
        push({
          logIndex: NATIVE_LOG_INDEX,
          kind: 'native',
          token: null,
          fromAddress: from,
          toAddress: recipient,
          amount: value.toString(),
        })
      const fromLogs = logs.map((log) => transferOfLog(chain, log))
      for (const transfer of fromLogs) {
        if (!transfer) continue
        push(transfer)
        if (transfer.kind === 'erc20' || transfer.kind === 'erc721')
          decoded.tokens.set(transfer.token as string, transfer.kind)
        else if (transfer.kind === 'approval' && !decoded.tokens.has(transfer.token as string))
          decoded.tokens.set(transfer.token as string, transfer.tokenId ? 'erc721' : 'erc20')
        if (transfer.kind === 'erc721') decoded.nftItems.add(`${transfer.token}:${transfer.tokenId}`)
      }
      if (confirmed)
        [...internalNative(chain, tx, fromLogs), ...userOperationNative(tx, logs)].forEach((internal, i) => {
          push({
            logIndex: INTERNAL_LOG_INDEX - i,
            kind: 'native',
            token: null,
            fromAddress: internal.from,
            toAddress: internal.to,
            amount: internal.amount.toString(),
          })
        })
      participants.delete(Registry.ZERO_ADDRESS)
      for (const address of participants)
        decoded.activity.push({ address, chainId, txHash: hash, blockNumber, txIndex, minedAt })
    }
  }
  return decoded
}
