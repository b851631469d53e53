import * as SignRequest from '@frontdoor/protocol/sign-request'

/**
 * What the approval screen says about a request: a title, labelled rows (method, from, to, value, the
 * decoded call, gas, fee, nonce, network) and the content being signed, in full. The request is read
 * with protocol's sign-request, the same reading the vault signs: a request it refuses (-32602) is
 * never shown. Pure functions of the request.
 */

/** One labelled line; `warning` rows are set apart in red. */
type Row = { label: string; value: string; warning?: boolean }

/** The screen's content for one request. */
export type Summary = {
  title: string
  rows: Row[]
  /** The text being signed or the call's data, in full (at most SIGNED_CONTENT_MAX_CHARS). */
  detail?: { label: string; text: string }
}

/** What the screen knows besides the request: the signer, the chain, the filled transaction. */
export type Context = {
  address: string
  chainId: number
  /** The transaction as it will be signed, with what the chain estimated (eth_sendTransaction). */
  transaction?: (SignRequest.Transaction & { estimated?: SignRequest.Estimable[] }) | undefined
  /** The chain's name and native currency symbol from the network registry, when it lists the chain. */
  network?: { name: string; symbol: string } | undefined
  /** Solana transactions: their summary, read before by Solana.ts (a lazy chunk: web3's wire format). */
  solana?: Summary | undefined
  /** wallet_sendCalls: the batch's summary, read before by Batch.ts (a lazy chunk). */
  batch?: Summary | undefined
  /**
   * Bitcoin, Polkadot, Cosmos and Solana messages: their summary, read before by NamespaceMessage.ts or
   * Solana.describeMessage (lazy chunks).
   */
  message?: Summary | undefined
  /**
   * Transactions, typed data and batches that move or grant tokens: their summary with amounts in the
   * token's units and what a Permit2 signature or a transferFrom does, read before by Tokens.ts (a lazy
   * chunk).
   */
  tokens?: Summary | undefined
}

/** Texts of the screen, defined once. */
export const TEXT = {
  estimated: 'estimated',
  unlimited: SignRequest.UNLIMITED,
  setApprovalForAll: 'Gives this operator control of all your NFTs of this collection',
  revokeApprovalForAll: 'Takes back the control of all your NFTs of this collection from this operator',
} as const

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

const list = (params: unknown): unknown[] => (Array.isArray(params) ? params : [])

const isAddress = (value: unknown): value is string =>
  typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)

/** Whether `text` holds control characters other than tab, newline and carriage return. */
export function unprintable(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i)
    if ((code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d) || code === 0x7f) return true
  }
  return false
}

/**
 * A personal_sign message as text: 0x-hex decoded as UTF-8 when it is printable text, the hex
 * itself otherwise; a plain string as is.
 * @example decodeMessage('0x68656c6c6f') // 'hello'
 */
export function decodeMessage(message: unknown): string {
  if (typeof message !== 'string') return JSON.stringify(message) ?? ''
  if (!/^0x([0-9a-fA-F]{2})*$/.test(message)) return message
  const bytes = new Uint8Array((message.length - 2) / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(message.slice(2 + i * 2, 4 + i * 2), 16)
  try {
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    return unprintable(text) ? message : text
  } catch {
    return message
  }
}

/**
 * A wei amount (hex or decimal) in ether, without trailing zeros.
 * @example formatEther('0x2386f26fc10000') // '0.01'
 */
export function formatEther(value: unknown): string {
  let wei: bigint
  try {
    wei =
      typeof value === 'bigint'
        ? value
        : BigInt(typeof value === 'number' ? Math.trunc(value) : String(value))
  } catch {
    return String(value)
  }
  return wei < 0n ? `-${formatUnits(-wei, 18)}` : formatUnits(wei, 18)
}

/**
 * `amount` base units (not negative) in a coin or token of `decimals`, without trailing zeros: the
 * approval screens' one reading of amounts (ether, SOL, tokens).
 * @example formatUnits(1_974_316_068n, 6) // '1974.316068'
 */
export function formatUnits(amount: bigint, decimals: number): string {
  const scale = 10n ** BigInt(decimals)
  const fraction = (amount % scale).toString().padStart(decimals, '0').replace(/0+$/, '')
  return `${amount / scale}${fraction ? `.${fraction}` : ''}`
}

/** A token amount in base units, or 'Unlimited'. */
function formatAmount(amount: bigint): string {
  return SignRequest.isUnlimited(amount) ? TEXT.unlimited : amount.toString()
}

const withEstimate = (text: string, estimated: boolean) => (estimated ? `${text} (${TEXT.estimated})` : text)

function typedDataSummary(params: unknown): { rows: Row[]; text: string } {
  const { typedData } = SignRequest.typedData(params)
  const { domain } = typedData
  const rows: Row[] = []
  if (typeof domain.name === 'string') rows.push({ label: 'Domain', value: domain.name })
  if (isAddress(domain.verifyingContract)) rows.push({ label: 'Contract', value: domain.verifyingContract })
  if (domain.chainId !== undefined) rows.push({ label: 'Domain chain', value: String(domain.chainId) })
  rows.push({ label: 'Type', value: typedData.primaryType })
  // What a permit grants is Tokens.ts's (a lazy chunk: amounts in the token's units).
  // Every field of the message is part of the signed type (sign-request refuses others): all of it.
  return { rows, text: JSON.stringify(typedData.message, null, 2) }
}

function callRows(call: SignRequest.Call | undefined): { title: string; rows: Row[] } {
  if (!call) return { title: 'Send transaction', rows: [] }
  switch (call.function) {
    case 'approve':
      return {
        title: 'Approve spending',
        rows: [
          { label: 'Function', value: 'approve(spender, amount)' },
          { label: 'Spender', value: call.spender, warning: true },
          {
            label: 'Amount',
            value: formatAmount(call.amount),
            warning: SignRequest.isUnlimited(call.amount),
          },
        ],
      }
    case 'transfer':
      return {
        title: 'Send tokens',
        rows: [
          { label: 'Function', value: 'transfer(to, amount)' },
          { label: 'Recipient', value: call.to },
          { label: 'Amount', value: formatAmount(call.amount) },
        ],
      }
    case 'setApprovalForAll':
      return {
        title: call.approved ? 'Approve all NFTs' : 'Revoke NFT approval',
        rows: [
          { label: 'Function', value: 'setApprovalForAll(operator, approved)' },
          { label: 'Operator', value: call.operator, warning: call.approved },
          {
            label: call.approved ? 'Warning' : 'Revokes',
            value: call.approved ? TEXT.setApprovalForAll : TEXT.revokeApprovalForAll,
            warning: call.approved,
          },
        ],
      }
  }
}

/** The chain's native currency symbol (the registry's; ETH when the registry does not list the chain). */
const symbolOf = (context: Context) => context.network?.symbol ?? 'ETH'

/** The Network row: the registry's name of the chain, or `Chain <id>`. */
const networkRow = (context: Context): Row => ({
  label: 'Network',
  value: context.network?.name ?? `Chain ${context.chainId}`,
})

function transactionSummary(params: unknown, context: Context): Summary {
  const tx = context.transaction ?? SignRequest.transaction(params)
  // The screen names the wallet's chain: a transaction for another is refused, whatever the account.
  if (tx.chainId !== undefined && tx.chainId !== context.chainId)
    throw SignRequest.invalid(SignRequest.REFUSALS.otherChain(tx.chainId, context.chainId))
  const estimated = new Set(context.transaction?.estimated ?? [])
  const call = SignRequest.call(tx.data)
  const decoded = callRows(call)
  const fee = SignRequest.maxFee(tx)
  const rows: Row[] = [
    { label: 'Method', value: 'eth_sendTransaction' },
    { label: 'From', value: context.address },
    { label: call ? 'Contract' : 'To', value: tx.to ?? 'New contract' },
    { label: 'Value', value: `${formatEther(tx.value)} ${symbolOf(context)}` },
    ...decoded.rows,
    networkRow(context),
    {
      label: 'Gas limit',
      value:
        tx.gas === undefined ? 'Set by the wallet' : withEstimate(tx.gas.toString(), estimated.has('gas')),
    },
    {
      label: 'Max fee',
      value:
        fee === undefined
          ? 'Set by the wallet'
          : withEstimate(
              `${formatEther(fee)} ${symbolOf(context)}`,
              estimated.has('gas') || estimated.has('fees'),
            ),
    },
    {
      label: 'Nonce',
      value: tx.nonce === undefined ? 'Next' : withEstimate(String(tx.nonce), estimated.has('nonce')),
    },
  ]
  return {
    title: decoded.title,
    rows,
    // Calldata the screen does not decode is shown whole.
    ...(!call && tx.data !== '0x' ? { detail: { label: 'Data', text: tx.data } } : {}),
  }
}

/** The address a request asks to sign with, when it names one. */
export function signer(method: string, params: unknown): string | undefined {
  const args = list(params)
  if (method === 'personal_sign') return isAddress(args[1]) ? args[1] : undefined
  if (method === 'eth_signTypedData_v4') return isAddress(args[0]) ? args[0] : undefined
  if (method === 'eth_sendTransaction' || method === 'wallet_sendCalls') {
    const tx = args[0]
    return isRecord(tx) && isAddress(tx.from) ? tx.from : undefined
  }
  return undefined
}

/**
 * What the approval screen shows for `method` with `params`, signed by `context.address` on
 * `context.chainId`. Throws sign-request's -32602 refusal for a request that must not be shown.
 */
export function describe(method: string, params: unknown, context: Context): Summary {
  if (context.tokens) return context.tokens
  const network = networkRow(context)
  const base: Row[] = [{ label: 'Method', value: method }]
  switch (method) {
    case 'personal_sign': {
      const { message } = SignRequest.personalMessage(params)
      return {
        title: 'Sign message',
        rows: [...base, { label: 'From', value: context.address }, network],
        detail: { label: 'Message', text: decodeMessage(message) },
      }
    }
    case 'eth_signTypedData_v4': {
      const typed = typedDataSummary(params)
      return {
        title: 'Sign typed data',
        rows: [...base, { label: 'From', value: context.address }, network, ...typed.rows],
        detail: { label: 'Message', text: typed.text },
      }
    }
    case 'eth_sendTransaction':
      return transactionSummary(params, context)
    case 'wallet_sendCalls':
      if (!context.batch) throw SignRequest.invalid('params: the batch was not read')
      return context.batch
    case 'signMessage':
    case 'polkadot_signMessage':
    case 'cosmos_signArbitrary':
    case 'solana_signMessage':
      if (!context.message) throw SignRequest.invalid('params: the message was not read')
      return context.message
    case 'solana_signTransaction':
    case 'solana_signAllTransactions':
    case 'solana_signAndSendTransaction':
      if (!context.solana) throw SignRequest.invalid('params: the transaction was not read')
      return context.solana
    default: {
      const text = JSON.stringify(params ?? null, null, 2)
      if (text.length > SignRequest.SIGNED_CONTENT_MAX_CHARS)
        throw SignRequest.invalid(SignRequest.REFUSALS.tooLong)
      return {
        title: 'Approve request',
        rows: [...base, { label: 'From', value: context.address }, network],
        detail: { label: 'Details', text },
      }
    }
  }
}
