import * as SignRequest from '@frontdoor/protocol/sign-request'
import * as SolanaTransaction from '@frontdoor/protocol/solana-transaction'
import * as Summary from './Summary.js'

/**
 * What the approval screen says about a Solana transaction request (`solana_signTransaction`,
 * `solana_signAllTransactions`, `solana_signAndSendTransaction`): per transaction, what it transfers
 * (SOL amounts; SPL token amounts in the mint's symbol and decimals; the recipient wallet), the token
 * accounts it creates, and every other instruction by its program id, in red. The transactions are read
 * by protocol's solana-transaction, the vault's reading. What the chain knows (a token account's mint
 * and owner, a mint's decimals) and the user's balances (a mint's symbol) are {@link Facts}, read before
 * the screen shows; what could not be read is shown as it is in the transaction (base units, addresses).
 */

/** What was read about the transaction's token accounts and mints. */
export type Facts = {
  /** Token accounts: their mint and owner. */
  accounts: Record<string, { mint: string; owner: string }>
  /** Mints: their decimals and the symbol the user's balances give them. */
  mints: Record<string, { decimals?: number; symbol?: string }>
}

type Row = Summary.Summary['rows'][number]

/** What the screen knows besides the request. */
export type Context = {
  /** The user's Solana address. */
  address: string
  network?: { name: string; symbol: string } | undefined
  facts?: Facts | undefined
  /**
   * The CAIP-2 id of the cluster the vault signs for (the registry's): a request naming another chain
   * is refused with 4901 before the screen, as the vault refuses it (protocol's checkChain).
   */
  chain?: string | undefined
}

/** The screen's titles of the methods. */
export const TITLES = {
  solana_signTransaction: 'Sign transaction',
  solana_signAndSendTransaction: 'Send transaction',
  solana_signAllTransactions: (count: number) => `Sign ${count} transactions`,
} as const

/** The row texts, defined once. */
export const TEXT = {
  baseUnits: 'base units',
  tokenAccount: 'token account',
  lookupTable: 'an address lookup table account',
  computeBudget: 'Compute budget (fee settings)',
  unknown: 'Instruction of program',
} as const

const or = (address: string | undefined) => address ?? TEXT.lookupTable

function instructionRows(
  decoded: SolanaTransaction.Decoded,
  all: SolanaTransaction.Decoded[],
  context: Context,
): Row[] {
  const facts = context.facts ?? { accounts: {}, mints: {} }
  switch (decoded.kind) {
    case 'solTransfer':
      return [
        {
          label: 'Send',
          value: `${Summary.formatUnits(decoded.lamports, 9)} ${context.network?.symbol ?? 'SOL'}`,
        },
        ...(decoded.from === context.address
          ? []
          : [{ label: 'From', value: or(decoded.from), warning: true }]),
        { label: 'To', value: or(decoded.to) },
      ]
    case 'tokenTransfer': {
      const source = decoded.source ? facts.accounts[decoded.source] : undefined
      const destination = decoded.destination ? facts.accounts[decoded.destination] : undefined
      const mint = decoded.mint ?? source?.mint
      const known = mint ? facts.mints[mint] : undefined
      const decimals = decoded.decimals ?? known?.decimals
      const created = all.find(
        (other) => other.kind === 'createTokenAccount' && other.account === decoded.destination,
      )
      const owner = destination?.owner ?? (created?.kind === 'createTokenAccount' ? created.owner : undefined)
      const amount =
        decimals === undefined
          ? `${decoded.amount} ${TEXT.baseUnits}`
          : Summary.formatUnits(decoded.amount, decimals)
      return [
        { label: 'Send', value: `${amount} ${known?.symbol ?? mint ?? ''}`.trim() },
        ...(mint ? [{ label: 'Token', value: mint }] : []),
        ...(decoded.owner === context.address
          ? []
          : [{ label: 'From', value: or(decoded.owner), warning: true }]),
        owner
          ? { label: 'To', value: owner }
          : { label: 'To', value: `${or(decoded.destination)} (${TEXT.tokenAccount})` },
      ]
    }
    case 'createTokenAccount':
      return [
        {
          label: 'Creates token account',
          value: `${or(decoded.account)} for ${or(decoded.owner)}`,
        },
      ]
    case 'computeBudget':
      return [{ label: 'Program', value: TEXT.computeBudget }]
    case 'unknown':
      return [{ label: TEXT.unknown, value: decoded.programId, warning: true }]
  }
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

/** Decodes base58 (Solana messages and keys); undefined when it is not base58. */
export function decodeBase58(text: string): Uint8Array | undefined {
  let value = 0n
  for (const char of text) {
    const digit = BASE58.indexOf(char)
    if (digit === -1) return undefined
    value = value * 58n + BigInt(digit)
  }
  const bytes: number[] = []
  while (value > 0n) {
    bytes.unshift(Number(value % 256n))
    value /= 256n
  }
  for (const char of text) {
    if (char !== '1') break
    bytes.unshift(0)
  }
  return Uint8Array.from(bytes)
}

/**
 * The screen's content for `solana_signMessage` `{message (base58), pubkey}`: the message as text when
 * it is printable UTF-8, else as sent. Throws -32602 for params sign-request refuses, and for bytes that
 * are a Solana transaction (signing them as a message would sign the transaction).
 */
export function describeMessage(params: unknown): Summary.Summary {
  const { message, pubkey } = SignRequest.solanaParams(params)
  const bytes = decodeBase58(message)
  if (!bytes) throw SignRequest.invalid(SignRequest.REFUSALS.solanaBase58)
  SignRequest.solanaMessage(bytes)
  let text = message
  try {
    const decoded = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
    if (!Summary.unprintable(decoded)) text = decoded
  } catch {}
  return {
    title: 'Sign message',
    rows: [
      { label: 'Method', value: 'solana_signMessage' },
      { label: 'From', value: pubkey },
    ],
    detail: { label: 'Message', text },
  }
}

/**
 * The screen's content for one request. Throws solana-transaction's -32602 for params it refuses, and
 * 4901 for a chain other than the context's.
 */
export function describe(
  method: SolanaTransaction.Method,
  params: unknown,
  context: Context,
): Summary.Summary {
  const request = SolanaTransaction.request(method, params)
  SolanaTransaction.checkChain(request, context.chain ?? '')
  const count = request.transactions.length
  const rows: Row[] = [
    { label: 'Method', value: method },
    { label: 'From', value: context.address },
    { label: 'Network', value: context.network?.name ?? 'Solana' },
  ]
  request.transactions.forEach(({ parsed }, i) => {
    if (count > 1) rows.push({ label: 'Transaction', value: `${i + 1} of ${count}` })
    const decoded = parsed.instructions.map(SolanaTransaction.decode)
    for (const one of decoded) rows.push(...instructionRows(one, decoded, context))
    if (parsed.signers[0] !== context.address)
      rows.push({ label: 'Fee payer', value: parsed.signers[0] ?? '', warning: true })
  })
  return {
    title:
      method === 'solana_signAllTransactions' ? TITLES.solana_signAllTransactions(count) : TITLES[method],
    rows,
    detail: {
      label: count > 1 ? 'Transactions (base64)' : 'Transaction (base64)',
      text: request.transactions.map(({ bytes }) => SolanaTransaction.toBase64(bytes)).join('\n\n'),
    },
  }
}

/** JSON-RPC reads on the solana chain and the user's balances there, for {@link facts}. */
export type Reads = {
  rpc: (method: string, params: unknown[]) => Promise<unknown>
  /** The user's token balances on the chain: each mint's address (CAIP-10 or base58) and symbol. */
  balances: () => Promise<{ address?: string | undefined; symbol: string }[]>
}

type Parsed = { data?: { parsed?: { type?: string; info?: Record<string, unknown> } } } | null

/**
 * Reads what the screen needs to explain the token transfers of a request: the token accounts and
 * mints they name (one getMultipleAccounts, jsonParsed) and the symbols of the user's tokens. A failed
 * read leaves the facts empty: the screen shows the transaction as it is.
 */
export async function facts(method: SolanaTransaction.Method, params: unknown, reads: Reads) {
  const found: Facts = { accounts: {}, mints: {} }
  const keys = new Set<string>()
  for (const { parsed } of SolanaTransaction.request(method, params).transactions)
    for (const decoded of parsed.instructions.map(SolanaTransaction.decode))
      if (decoded.kind === 'tokenTransfer')
        for (const key of [decoded.source, decoded.destination, decoded.mint]) if (key) keys.add(key)
  if (keys.size === 0) return found
  try {
    const list = [...keys]
    const [answer, held] = await Promise.all([
      reads.rpc('getMultipleAccounts', [list, { encoding: 'jsonParsed' }]),
      reads.balances().catch(() => []),
    ])
    const values = ((answer as { value?: Parsed[] })?.value ?? []) as Parsed[]
    const mints = new Set<string>()
    values.forEach((value, i) => {
      const key = list[i] as string
      const { type, info } = value?.data?.parsed ?? {}
      if (type === 'account' && typeof info?.mint === 'string' && typeof info.owner === 'string') {
        found.accounts[key] = { mint: info.mint, owner: info.owner }
        mints.add(info.mint)
        const decimals = (info.tokenAmount as { decimals?: unknown } | undefined)?.decimals
        if (typeof decimals === 'number') found.mints[info.mint] = { decimals }
      }
      if (type === 'mint' && typeof info?.decimals === 'number') {
        mints.add(key)
        found.mints[key] = { ...found.mints[key], decimals: info.decimals }
      }
    })
    for (const token of held) {
      const mint = token.address?.split(':').pop()
      if (mint && mints.has(mint)) found.mints[mint] = { ...found.mints[mint], symbol: token.symbol }
    }
  } catch {}
  return found
}
