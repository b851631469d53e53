import { createPrivateKey, sign } from 'node:crypto'
import {
  ACCOUNT_SIZE,
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
  ExtensionType,
  getAccountLen,
  getAssociatedTokenAddressSync,
  MINT_SIZE,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token'
import { Keypair, PublicKey, SystemProgram, Transaction, type TransactionInstruction } from '@solana/web3.js'
import { describe, expect, test } from 'vitest'
import * as SolanaTransaction from './solana-transaction.js'
import * as SolanaTransfer from './solana-transfer.js'

const seed = (n: number) => Uint8Array.from({ length: 32 }, (_, i) => (i * 13 + n * 31) & 0xff)
const sender = Keypair.fromSeed(seed(1))
const receiver = Keypair.fromSeed(seed(2)).publicKey
const mint = Keypair.fromSeed(seed(3)).publicKey
const blockhash = Keypair.fromSeed(seed(4)).publicKey.toBase58()
/** The sender's ed25519 signature of `message` (node's crypto, the key from its seed as PKCS#8). */
const signBySender = (message: Uint8Array) =>
  new Uint8Array(
    sign(
      null,
      message,
      createPrivateKey({
        key: Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), seed(1)]),
        format: 'der',
        type: 'pkcs8',
      }),
    ),
  )

/** What web3.js reads of an instruction: program, accounts with their flags, data. */
const shape = (instruction: TransactionInstruction) => ({
  programId: instruction.programId.toBase58(),
  keys: instruction.keys.map((k) => ({
    address: k.pubkey.toBase58(),
    signer: k.isSigner,
    writable: k.isWritable,
  })),
  data: [...instruction.data],
})

/** Our transaction read back by web3.js. */
const read = (bytes: Uint8Array) => Transaction.from(bytes)

/**
 * web3.js's transaction of `instructions` paid by the sender, as read back from its wire bytes (an
 * account's flags on the wire are the message's: the fee payer is writable wherever it appears).
 */
const web3 = (...instructions: TransactionInstruction[]) =>
  read(
    new Transaction({ feePayer: sender.publicKey, recentBlockhash: blockhash })
      .add(...instructions)
      .serialize({ requireAllSignatures: false, verifySignatures: false }),
  )

describe('SolanaTransfer', () => {
  test('base58 decodes what web3.js encodes, leading zeros kept; anything else is refused', () => {
    for (let n = 0; n < 20; n++) {
      const key = Keypair.fromSeed(seed(n + 10)).publicKey
      expect(SolanaTransfer.base58Decode(key.toBase58(), 32)).toEqual(key.toBytes())
    }
    expect(SolanaTransfer.base58Decode('11111111111111111111111111111111', 32)).toEqual(new Uint8Array(32))
    expect(SolanaTransfer.isAddress(receiver.toBase58())).toBe(true)
    // Base58's alphabet has no 0, O, I or l; 32 bytes exactly.
    expect(SolanaTransfer.isAddress(`0${receiver.toBase58().slice(1)}`)).toBe(false)
    expect(SolanaTransfer.isAddress('1111111111111111111111111111111')).toBe(false)
    expect(SolanaTransfer.isAddress(`${receiver.toBase58()}2`)).toBe(false)
    expect(() => SolanaTransfer.base58Decode('abcI', 32)).toThrow(SolanaTransfer.InvalidAddress)
  })

  test('the curve check agrees with web3.js on keys and hashes', () => {
    for (let n = 0; n < 64; n++) {
      const key = Keypair.fromSeed(seed(n + 100)).publicKey.toBytes()
      expect(SolanaTransfer.isOnCurve(key)).toBe(true)
      const random = seed(n + 200).map((b, i) => (b * (n + 3) + i * i) & 0xff)
      expect(SolanaTransfer.isOnCurve(random)).toBe(PublicKey.isOnCurve(random))
    }
  })

  test('associated token addresses equal spl-token’s, for the Token program and Token-2022', async () => {
    for (let n = 0; n < 8; n++) {
      const owner = Keypair.fromSeed(seed(n + 300)).publicKey
      expect(await SolanaTransfer.associatedTokenAddress(owner.toBase58(), mint.toBase58())).toBe(
        getAssociatedTokenAddressSync(mint, owner).toBase58(),
      )
    }
    expect(
      await SolanaTransfer.associatedTokenAddress(
        receiver.toBase58(),
        mint.toBase58(),
        TOKEN_2022_PROGRAM_ID.toBase58(),
      ),
    ).toBe(getAssociatedTokenAddressSync(mint, receiver, false, TOKEN_2022_PROGRAM_ID).toBase58())
  })

  test('SOL: one System transfer paid and signed by the sender, as web3.js builds it', async () => {
    const { transaction, message } = await SolanaTransfer.build({
      from: sender.publicKey.toBase58(),
      to: receiver.toBase58(),
      amount: 1_500_000_000n,
      recentBlockhash: blockhash,
    })
    const ours = read(transaction)
    const theirs = new Transaction({ feePayer: sender.publicKey, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: sender.publicKey, toPubkey: receiver, lamports: 1_500_000_000 }),
    )
    expect(ours.instructions.map(shape)).toEqual(theirs.instructions.map(shape))
    expect(ours.feePayer?.toBase58()).toBe(sender.publicKey.toBase58())
    expect(ours.recentBlockhash).toBe(blockhash)
    expect(new Uint8Array(theirs.serializeMessage())).toEqual(message)
    // The wire parser of the approval screen reads it as the same transfer.
    const parsed = SolanaTransaction.parse(transaction)
    expect(parsed.signers).toEqual([sender.publicKey.toBase58()])
    expect(parsed.signatures).toEqual([new Uint8Array(64)])
    expect(parsed.instructions.map(SolanaTransaction.decode)).toEqual([
      {
        kind: 'solTransfer',
        from: sender.publicKey.toBase58(),
        to: receiver.toBase58(),
        lamports: 1_500_000_000n,
      },
    ])
    // Signed over its message, it verifies.
    const signed = SolanaTransaction.withSignature(transaction, 0, signBySender(message))
    expect(read(signed).verifySignatures()).toBe(true)
  })

  test('SPL: the receiver’s token account is created when missing, then transferChecked between the associated accounts', async () => {
    const from = sender.publicKey.toBase58()
    const source = getAssociatedTokenAddressSync(mint, sender.publicKey)
    const destination = getAssociatedTokenAddressSync(mint, receiver)
    const token = { mint: mint.toBase58(), decimals: 6 }
    const missing = await SolanaTransfer.build({
      from,
      to: receiver.toBase58(),
      amount: 2_500_000n,
      recentBlockhash: blockhash,
      token,
      receiverHasTokenAccount: false,
    })
    expect(read(missing.transaction).instructions.map(shape)).toEqual(
      web3(
        createAssociatedTokenAccountIdempotentInstruction(sender.publicKey, destination, receiver, mint),
        createTransferCheckedInstruction(source, mint, destination, sender.publicKey, 2_500_000n, 6),
      ).instructions.map(shape),
    )
    expect(SolanaTransaction.parse(missing.transaction).instructions.map(SolanaTransaction.decode)).toEqual([
      {
        kind: 'createTokenAccount',
        account: destination.toBase58(),
        owner: receiver.toBase58(),
        mint: mint.toBase58(),
      },
      {
        kind: 'tokenTransfer',
        program: SolanaTransaction.PROGRAMS.token,
        source: source.toBase58(),
        mint: mint.toBase58(),
        destination: destination.toBase58(),
        owner: from,
        amount: 2_500_000n,
        decimals: 6,
      },
    ])
    const existing = await SolanaTransfer.build({
      from,
      to: receiver.toBase58(),
      amount: 1n,
      recentBlockhash: blockhash,
      token,
      receiverHasTokenAccount: true,
    })
    expect(read(existing.transaction).instructions.map(shape)).toEqual(
      web3(
        createTransferCheckedInstruction(source, mint, destination, sender.publicKey, 1n, 6),
      ).instructions.map(shape),
    )
    expect(SolanaTransaction.parse(existing.transaction).signers).toEqual([from])
  })

  test('the largest u64 amount is encoded whole', async () => {
    const { transaction } = await SolanaTransfer.build({
      from: sender.publicKey.toBase58(),
      to: receiver.toBase58(),
      amount: 2n ** 64n - 1n,
      recentBlockhash: blockhash,
    })
    const [decoded] = SolanaTransaction.parse(transaction).instructions.map(SolanaTransaction.decode)
    expect(decoded).toMatchObject({ kind: 'solTransfer', lamports: 2n ** 64n - 1n })
  })

  test('amounts outside a u64 throw rather than wrap (DataView would take them modulo 2^64)', async () => {
    const from = sender.publicKey.toBase58()
    const to = receiver.toBase58()
    expect(() => SolanaTransfer.systemTransfer(from, to, -1n)).toThrow(RangeError)
    expect(() => SolanaTransfer.systemTransfer(from, to, 2n ** 64n)).toThrow(RangeError)
    const checked = { source: to, mint: mint.toBase58(), destination: to, owner: from, decimals: 6 }
    expect(() => SolanaTransfer.transferChecked({ ...checked, amount: -5n })).toThrow(RangeError)
    expect(() => SolanaTransfer.transferChecked({ ...checked, amount: 2n ** 64n + 1n })).toThrow(RangeError)
    expect(SolanaTransfer.transferChecked({ ...checked, amount: 0n }).data[0]).toBe(12)
    await expect(
      SolanaTransfer.build({ from, to, amount: 2n ** 64n, recentBlockhash: blockhash }),
    ).rejects.toThrow(RangeError)
  })

  test('only SPL Token and Token-2022 are token programs', () => {
    expect(SolanaTransfer.isTokenProgram(TOKEN_PROGRAM_ID.toBase58())).toBe(true)
    expect(SolanaTransfer.isTokenProgram(TOKEN_2022_PROGRAM_ID.toBase58())).toBe(true)
    expect(SolanaTransfer.isTokenProgram(SolanaTransaction.PROGRAMS.system)).toBe(false)
    expect(SolanaTransfer.isTokenProgram(SolanaTransaction.PROGRAMS.associatedToken)).toBe(false)
    expect(SolanaTransfer.isTokenProgram(receiver.toBase58())).toBe(false)
  })

  test('token account and mint sizes as spl-token counts them: Token-2022 accounts carry ImmutableOwner', () => {
    expect(SolanaTransfer.tokenAccountSize(TOKEN_PROGRAM_ID.toBase58())).toBe(ACCOUNT_SIZE)
    expect(SolanaTransfer.tokenAccountSize(TOKEN_2022_PROGRAM_ID.toBase58())).toBe(
      getAccountLen([ExtensionType.ImmutableOwner]),
    )
    expect(SolanaTransfer.tokenAccountSize(TOKEN_2022_PROGRAM_ID.toBase58())).toBe(170)
    expect(SolanaTransfer.MINT_SIZE).toBe(MINT_SIZE)
  })
})
