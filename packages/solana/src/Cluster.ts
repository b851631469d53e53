import { createHash } from 'node:crypto'
import { base58 } from '@scure/base'
import {
  FailedTransactionMetadata,
  LiteSvm,
  SimulatedTransactionInfo,
  Account as SvmAccount,
  type TransactionMetadata,
} from 'litesvm/dist/internal.js'
import * as Genesis from './Genesis.js'
import * as Token from './Token.js'
import * as TransactionError from './TransactionError.js'
import * as Wire from './Wire.js'

/**
 * The local cluster: LiteSVM (the Solana runtime, with the system, SPL Token and associated-token
 * programs) plus what a validator adds around it: slots and blockhashes, the recent-blockhash check,
 * signature statuses, an airdrop faucet and fees. Every landed transaction ends its slot, so the next
 * blockhash differs (wallets wait for a new one before sending the same transfer again), and slots
 * also pass with time (one per {@link SLOT_MS}, counted when asked, so an idle cluster costs nothing).
 */

/** A slot's length, as on Solana's clusters. */
export const SLOT_MS = 400
/** How many slots a blockhash stays valid, as on Solana's clusters. */
export const BLOCKHASH_VALID_SLOTS = 150
/** Fee per signature, in lamports (the runtime's default). */
export const LAMPORTS_PER_SIGNATURE = 5_000
/** The signature statuses kept (oldest dropped first). */
export const STATUSES_MAX = 100_000
/** The faucet's lamports (LiteSVM's airdrop account). */
const FAUCET_LAMPORTS = 10n ** 18n

/** An account as the RPC describes it. */
export type Account = {
  lamports: bigint
  data: Uint8Array
  owner: string
  executable: boolean
  rentEpoch: bigint
}

/** A landed transaction's status. */
export type Status = { slot: number; err: TransactionError.Json | null }

/** What running a transaction said (simulation or preflight). */
export type Outcome = {
  err: TransactionError.Json | null
  logs: string[]
  unitsConsumed: number
}

/** A transaction the cluster refused before it landed (preflight, signatures, blockhash). */
export class SendError extends Error {
  override name = 'SendError'
  constructor(
    readonly kind: 'preflight' | 'signature' | 'invalid',
    message: string,
    readonly outcome?: Outcome,
  ) {
    super(message)
  }
}

export type Cluster = ReturnType<typeof create>

/** The blockhash of `slot`: base58 of sha256(genesis hash, slot), so every run hands out the same ones. */
export function blockhashOf(slot: number): string {
  return base58.encode(createHash('sha256').update(`${Genesis.GENESIS_HASH}:${slot}`).digest())
}

function accountOf(account: SvmAccount): Account {
  return {
    lamports: account.lamports(),
    data: account.data(),
    owner: base58.encode(account.owner()),
    executable: account.executable(),
    rentEpoch: account.rentEpoch(),
  }
}

function outcomeOf(result: TransactionMetadata | FailedTransactionMetadata): Outcome {
  const meta = result instanceof FailedTransactionMetadata ? result.meta() : result
  return {
    err: result instanceof FailedTransactionMetadata ? TransactionError.toJson(result.err()) : null,
    logs: meta.logs(),
    unitsConsumed: Number(meta.computeUnitsConsumed()),
  }
}

/** Writes the seed state: the dev accounts' SOL, the token's mint and the dev accounts' token accounts. */
function seed(svm: LiteSvm) {
  const rentExempt = (size: number) => svm.minimumBalanceForRentExemption(BigInt(size))
  const system = base58.decode(Genesis.SYSTEM_PROGRAM)
  const tokenProgram = base58.decode(Genesis.TOKEN_PROGRAM)
  for (const account of Genesis.ACCOUNTS) {
    svm.setAccount(
      base58.decode(account.address),
      new SvmAccount(account.lamports, new Uint8Array(), system, false, 0n),
    )
    if (account.tokenAmount === 0n) continue
    const data = Token.encodeAccount({
      mint: Genesis.TOKEN.mint,
      owner: account.address,
      amount: account.tokenAmount,
    })
    svm.setAccount(
      base58.decode(account.tokenAccount),
      new SvmAccount(rentExempt(Token.ACCOUNT_SIZE), data, tokenProgram, false, 0n),
    )
  }
  const mint = Token.encodeMint({
    mintAuthority: Genesis.TOKEN.mintAuthority,
    supply: Genesis.TOKEN_SUPPLY,
    decimals: Genesis.TOKEN.decimals,
    freezeAuthority: null,
  })
  svm.setAccount(
    base58.decode(Genesis.TOKEN.mint),
    new SvmAccount(rentExempt(Token.MINT_SIZE), mint, tokenProgram, false, 0n),
  )
}

export type Options = { now?: () => number }

/**
 * Starts a seeded cluster in this process.
 *
 * @example
 * const cluster = Cluster.create()
 * cluster.airdrop(address, 1_000_000_000n)
 */
export function create(options: Options = {}) {
  const now = options.now ?? Date.now
  const svm = new LiteSvm()
  // The cluster checks blockhashes itself (any of the last 150 slots', as a validator does).
  svm.setBlockhashCheck(false)
  svm.setLamports(FAUCET_LAMPORTS)
  seed(svm)

  let slot = 0
  let slotStarted = now()
  const statuses = new Map<string, Status>()
  const listeners = new Set<(signature: string, status: Status) => void>()

  /** Counts the slots that passed since the last one started. */
  function tick(): number {
    const passed = Math.floor((now() - slotStarted) / SLOT_MS)
    if (passed > 0) {
      slot += passed
      slotStarted += passed * SLOT_MS
    }
    return slot
  }

  /** Ends the current slot after a transaction landed in it. */
  function endSlot() {
    slot += 1
    slotStarted = now()
    // LiteSVM's own blockhash signs its airdrops: a new one keeps two equal airdrops distinct.
    svm.expireBlockhash()
  }

  function record(signature: string, status: Status) {
    if (statuses.size >= STATUSES_MAX) statuses.delete(statuses.keys().next().value as string)
    statuses.set(signature, status)
    for (const listener of listeners) listener(signature, status)
  }

  /** The slot of a blockhash this cluster handed out, if it is still valid. */
  function blockhashValid(blockhash: string): boolean {
    const current = tick()
    for (let s = current; s >= 0 && s >= current - BLOCKHASH_VALID_SLOTS; s--)
      if (blockhashOf(s) === blockhash) return true
    return false
  }

  function run(wire: Wire.Transaction, simulate: boolean) {
    const result = wire.versioned
      ? simulate
        ? svm.simulateVersionedTransaction(wire.bytes)
        : svm.sendVersionedTransaction(wire.bytes)
      : simulate
        ? svm.simulateLegacyTransaction(wire.bytes)
        : svm.sendLegacyTransaction(wire.bytes)
    if (result instanceof FailedTransactionMetadata) return outcomeOf(result)
    // A simulation's success wraps its metadata; a sent transaction's is the metadata.
    return outcomeOf(result instanceof SimulatedTransactionInfo ? result.meta() : result)
  }

  return {
    genesisHash: Genesis.GENESIS_HASH,
    /** The current slot (also the block height: no slot is skipped). */
    slot: tick,
    latestBlockhash() {
      const current = tick()
      return {
        slot: current,
        blockhash: blockhashOf(current),
        lastValidBlockHeight: current + BLOCKHASH_VALID_SLOTS,
      }
    },
    isBlockhashValid: blockhashValid,
    account(address: string): Account | undefined {
      const account = svm.getAccount(base58.decode(address))
      return account ? accountOf(account) : undefined
    },
    programAccounts(program: string): { address: string; account: Account }[] {
      return svm
        .getProgramAccounts(base58.decode(program))
        .map((entry) => ({ address: base58.encode(entry.address), account: accountOf(entry.account()) }))
    },
    rentExempt: (size: number) => svm.minimumBalanceForRentExemption(BigInt(size)),
    /** The fee of a message (its required signatures times {@link LAMPORTS_PER_SIGNATURE}). */
    fee: (message: Uint8Array) => Wire.requiredSignatures(message) * LAMPORTS_PER_SIGNATURE,
    /** Runs a transaction without keeping its effects. */
    simulate(wire: Wire.Transaction, options: { sigVerify: boolean; replaceRecentBlockhash: boolean }) {
      const current = tick()
      const replacement = options.replaceRecentBlockhash ? blockhashOf(current) : undefined
      if (!replacement && !blockhashValid(wire.recentBlockhash))
        return { slot: current, outcome: { err: 'BlockhashNotFound', logs: [], unitsConsumed: 0 } as Outcome }
      const bytes = replacement ? Wire.withBlockhash(wire, replacement) : wire
      const verify = svm.getSigverify()
      svm.setSigverify(options.sigVerify)
      try {
        return {
          slot: current,
          outcome: run(bytes, true),
          ...(replacement
            ? {
                replacementBlockhash: {
                  blockhash: replacement,
                  lastValidBlockHeight: current + BLOCKHASH_VALID_SLOTS,
                },
              }
            : {}),
        }
      } finally {
        svm.setSigverify(verify)
      }
    },
    /**
     * Sends a transaction as a validator takes it: with preflight, a transaction that would fail is
     * refused ({@link SendError}); without, it lands and its failure is its status. Resolves its signature.
     */
    send(wire: Wire.Transaction, options: { preflight: boolean }): string {
      const signature = wire.signature
      if (options.preflight) {
        const simulated = this.simulate(wire, { sigVerify: true, replaceRecentBlockhash: false }).outcome
        if (simulated.err === 'SignatureFailure')
          throw new SendError('signature', 'Transaction signature verification failure')
        if (simulated.err)
          throw new SendError(
            'preflight',
            `Transaction simulation failed: ${TransactionError.message(simulated.err)}`,
            simulated,
          )
      } else if (!blockhashValid(wire.recentBlockhash)) {
        // A validator drops it: it never lands, and its status stays unknown.
        return signature
      }
      const outcome = run(wire, false)
      if (outcome.err && !TransactionError.landed(outcome.err)) return signature
      record(signature, { slot: tick(), err: outcome.err })
      endSlot()
      return signature
    },
    /** Sends `lamports` from the faucet; resolves the airdrop's signature. */
    airdrop(address: string, lamports: bigint): string {
      const result = svm.airdrop(base58.decode(address), lamports)
      if (!result || result instanceof FailedTransactionMetadata)
        throw new SendError(
          'invalid',
          `airdrop failed: ${result ? TransactionError.message(TransactionError.toJson(result.err())) : 'no faucet'}`,
        )
      const signature = base58.encode(result.signature())
      record(signature, { slot: tick(), err: null })
      endSlot()
      return signature
    },
    /** The statuses of signatures (null for one the cluster never landed). */
    statuses: (signatures: readonly string[]) =>
      signatures.map((signature) => statuses.get(signature) ?? null),
    /** Calls `listener` with each transaction that lands; returns the unsubscribe. */
    onStatus(listener: (signature: string, status: Status) => void) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
