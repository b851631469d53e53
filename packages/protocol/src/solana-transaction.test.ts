import {
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  createTransferInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token'
import {
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  TransactionMessage,
  VersionedTransaction,
} from '@solana/web3.js'
import { describe, expect, test } from 'vitest'
import * as SolanaCluster from './solana-cluster.js'
import * as SolanaTransaction from './solana-transaction.js'

const seed = (label: string) => Uint8Array.from({ length: 32 }, (_, i) => (i * 7 + label.length) & 0xff)
const payer = Keypair.fromSeed(seed('payer'))
const recipient = Keypair.fromSeed(seed('recipient-key')).publicKey
const mint = Keypair.fromSeed(seed('mint-of-the-token')).publicKey
const blockhash = Keypair.fromSeed(seed('a-blockhash')).publicKey.toBase58()

const legacy = (...instructions: TransactionInstruction[]) => {
  const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(...instructions)
  return new Uint8Array(tx.serialize({ requireAllSignatures: false, verifySignatures: false }))
}
const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64')

describe('SolanaTransaction', () => {
  test('parses a legacy System transfer built by web3.js: signers, blockhash, lamports', () => {
    const bytes = legacy(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: 1_500_000_000 }),
    )
    const parsed = SolanaTransaction.parse(bytes)
    expect(parsed.version).toBe('legacy')
    expect(parsed.signers).toEqual([payer.publicKey.toBase58()])
    expect(parsed.recentBlockhash).toBe(blockhash)
    expect(parsed.instructions.map(SolanaTransaction.decode)).toEqual([
      {
        kind: 'solTransfer',
        from: payer.publicKey.toBase58(),
        to: recipient.toBase58(),
        lamports: 1_500_000_000n,
      },
    ])
  })

  test('decodes SPL transfer, transferChecked, an associated token account and an unknown program in a v0 message', () => {
    const source = getAssociatedTokenAddressSync(mint, payer.publicKey)
    const destination = getAssociatedTokenAddressSync(mint, recipient)
    const other = Keypair.fromSeed(seed('some-program')).publicKey
    const message = new TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash: blockhash,
      instructions: [
        createAssociatedTokenAccountIdempotentInstruction(payer.publicKey, destination, recipient, mint),
        createTransferCheckedInstruction(source, mint, destination, payer.publicKey, 2_500_000n, 6),
        createTransferInstruction(source, destination, payer.publicKey, 7n),
        new TransactionInstruction({ programId: other, keys: [], data: Buffer.from([1, 2, 3]) }),
      ],
    }).compileToV0Message()
    const bytes = new VersionedTransaction(message).serialize()
    const parsed = SolanaTransaction.parse(bytes)
    expect(parsed.version).toBe(0)
    expect(parsed.instructions.map(SolanaTransaction.decode)).toEqual([
      {
        kind: 'createTokenAccount',
        account: destination.toBase58(),
        owner: recipient.toBase58(),
        mint: mint.toBase58(),
      },
      {
        kind: 'tokenTransfer',
        program: SolanaTransaction.PROGRAMS.token,
        source: source.toBase58(),
        mint: mint.toBase58(),
        destination: destination.toBase58(),
        owner: payer.publicKey.toBase58(),
        amount: 2_500_000n,
        decimals: 6,
      },
      {
        kind: 'tokenTransfer',
        program: SolanaTransaction.PROGRAMS.token,
        source: source.toBase58(),
        destination: destination.toBase58(),
        owner: payer.publicKey.toBase58(),
        amount: 7n,
      },
      { kind: 'unknown', programId: other.toBase58() },
    ])
  })

  test('a request reads base64 transactions; malformed, truncated, padded or oversized ones are -32602 naming the field', () => {
    const bytes = legacy(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: 1 }),
    )
    const read = SolanaTransaction.request('solana_signAllTransactions', {
      transactions: [b64(bytes), b64(bytes)],
    })
    expect(read.transactions).toHaveLength(2)
    const refused = (method: SolanaTransaction.Method, params: unknown) => {
      try {
        SolanaTransaction.request(method, params)
      } catch (error) {
        return [(error as { code: number }).code, (error as Error).message]
      }
      return undefined
    }
    expect(refused('solana_signTransaction', { transaction: b64(bytes.subarray(0, -1)) })).toEqual([
      -32602,
      'Invalid method parameter(s). params.transaction: not a Solana transaction',
    ])
    expect(refused('solana_signTransaction', { transaction: b64(Uint8Array.of(...bytes, 0)) })?.[1]).toMatch(
      /not a Solana transaction/,
    )
    expect(refused('solana_signTransaction', { transaction: 'not base64!' })?.[1]).toMatch(
      /params.transaction: must be a base64 transaction/,
    )
    expect(refused('solana_signAllTransactions', { transactions: [b64(bytes), 'AA=='] })?.[1]).toMatch(
      /params.transactions.1: not a Solana transaction/,
    )
    expect(refused('solana_signAllTransactions', { transactions: [] })?.[1]).toMatch(/params.transactions/)
    expect(refused('solana_signTransaction', {})?.[1]).toMatch(/params.transaction/)
    expect(SolanaTransaction.isMethod('solana_signMessage')).toBe(false)
    expect(SolanaTransaction.isMethod('constructor')).toBe(false)
  })

  test('withSignature puts a signature in its slot: the bytes web3.js signs, and web3.js verifies them', () => {
    const tx = new Transaction({ feePayer: payer.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: 5 }),
    )
    const unsigned = new Uint8Array(tx.serialize({ requireAllSignatures: false, verifySignatures: false }))
    const parsed = SolanaTransaction.parse(unsigned)
    expect(Buffer.from(unsigned.subarray(parsed.messageOffset))).toEqual(tx.serializeMessage())
    tx.sign(payer)
    const signature = tx.signature as Buffer
    const signed = SolanaTransaction.withSignature(unsigned, 0, signature)
    expect(Transaction.from(unsigned).verifySignatures()).toBe(false)
    expect(Transaction.from(signed).verifySignatures()).toBe(true)
    expect(Buffer.from(signed)).toEqual(tx.serialize())
  })
})

describe('decode: trailing bytes the programs ignore', () => {
  const trailing = (instruction: TransactionInstruction) =>
    new TransactionInstruction({
      programId: instruction.programId,
      keys: instruction.keys,
      data: Buffer.concat([instruction.data, Buffer.from([0xde, 0xad, 0xbe, 0xef])]),
    })

  test('a System transfer with bytes after its lamports is still decoded with its amount', () => {
    const transfer = SystemProgram.transfer({
      fromPubkey: payer.publicKey,
      toPubkey: recipient,
      lamports: 2_000_000_000,
    })
    const bytes = legacy(trailing(transfer))
    const { parsed } = SolanaTransaction.request('solana_signTransaction', { transaction: b64(bytes) })
      .transactions[0] as { parsed: SolanaTransaction.Transaction }
    expect(parsed.instructions[0]?.data).toHaveLength(16)
    expect(parsed.instructions.map(SolanaTransaction.decode)).toEqual([
      {
        kind: 'solTransfer',
        from: payer.publicKey.toBase58(),
        to: recipient.toBase58(),
        lamports: 2_000_000_000n,
      },
    ])
  })

  test('SPL transfer and transferChecked with trailing bytes keep their amounts; an associated token account does not', () => {
    const source = getAssociatedTokenAddressSync(mint, payer.publicKey)
    const destination = getAssociatedTokenAddressSync(mint, recipient)
    const bytes = legacy(
      trailing(createTransferCheckedInstruction(source, mint, destination, payer.publicKey, 2_500_000n, 6)),
      trailing(createTransferInstruction(source, destination, payer.publicKey, 7n)),
      trailing(
        createAssociatedTokenAccountIdempotentInstruction(payer.publicKey, destination, recipient, mint),
      ),
    )
    const decoded = SolanaTransaction.parse(bytes).instructions.map(SolanaTransaction.decode)
    expect(decoded.map((d) => ('amount' in d ? d.amount : d.kind))).toEqual([2_500_000n, 7n, 'unknown'])
    expect(decoded[0]).toMatchObject({ kind: 'tokenTransfer', decimals: 6, mint: mint.toBase58() })
  })
})

describe('chain: the one the request names', () => {
  const bytes = legacy(
    SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: recipient, lamports: 1 }),
  )
  const served = SolanaCluster.CAIP_NETWORK_ID
  const codeOf = (chain: string | undefined) => {
    const read = SolanaTransaction.request('solana_signAndSendTransaction', {
      transaction: b64(bytes),
      ...(chain === undefined ? {} : { chain }),
    })
    try {
      SolanaTransaction.checkChain(read, served)
    } catch (error) {
      return (error as { code: number }).code
    }
    return 'ok'
  }

  test('a request keeps its chain; another chain than the one served is 4901, its name or CAIP-2 id passes', () => {
    expect(
      SolanaTransaction.request('solana_signAndSendTransaction', {
        transaction: b64(bytes),
        chain: 'solana:mainnet',
      }).chain,
    ).toBe('solana:mainnet')
    expect(codeOf('solana:mainnet')).toBe(4901)
    expect(codeOf('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toBe(4901)
    expect(codeOf('solana:unknown')).toBe(4901)
    expect(codeOf('solana:localnet')).toBe('ok')
    expect(codeOf(served)).toBe('ok')
    expect(codeOf(undefined)).toBe('ok')
  })
})

test('base58 equals web3.js, leading zero bytes included', () => {
  for (const bytes of [new Uint8Array(32), Uint8Array.of(0, 0, ...seed('x').subarray(2)), seed('y')])
    expect(SolanaTransaction.base58(bytes)).toBe(new PublicKey(bytes).toBase58())
})
