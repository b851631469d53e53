/**
 * Reads a node's default (struct log) trace of one call, as Hardhat's `debug_traceCall` answers it
 * (Hardhat has no call tracer), into what the call would really do: the coin moved by each call that
 * succeeds and the logs emitted by frames that are not reverted. Every opcode step has the call depth,
 * the stack (top last) and the memory (32-byte words); a frame's logs and transfers count only when the
 * frame and all its callers return without reverting, as when the transaction is mined.
 */

/** One step of a struct log trace (the fields read here). */
export type Step = { op: string; depth: number; stack?: string[]; memory?: string[] }

/** A `debug_traceCall` result. */
export type Trace = { failed: boolean; returnValue?: string; structLogs: Step[] }

/**
 * The call that was traced. `kept`: a contract whose frames called by the top frame count even when they
 * revert (the EntryPoint's `delegateAndRevert`, which always reverts, in a smart account's batch
 * simulation: BatchSimulation.ts); the top frame still reverts when what ran inside failed.
 */
export type Call = { from: string; to?: string | undefined; value: bigint; kept?: string | undefined }

/** Coin moved from one account to another. */
export type Transfer = { from: string; to: string; value: bigint }

/** A log as mined: the emitting contract, its topics and data (lowercase hex). */
export type Log = { address: string; topics: string[]; data: string }

/** What the traced call does when mined: nothing when it reverts. */
export type Effects = { reverted: boolean; transfers: Transfer[]; logs: Log[] }

type Frame = {
  /** The account whose code runs (storage and logs are its). */
  address: string | undefined
  transfers: Transfer[]
  logs: Log[]
  /** CREATE frames learn their address when they return. */
  create: boolean
  /** The depth its steps run at (set when its code starts). */
  depth?: number
  /** The coin its call moves, counted when it returns without reverting. */
  transfer?: Transfer | undefined
}

const CALLS = new Set(['CALL', 'CALLCODE', 'DELEGATECALL', 'STATICCALL'])
const CREATES = new Set(['CREATE', 'CREATE2'])

/** A 32-byte stack word as a bigint. */
const word = (hex: string | undefined): bigint => BigInt(`0x${(hex ?? '').replace(/^0x/, '') || '0'}`)

/** The stack item `n` from the top (0 is the top). */
const peek = (step: Step, n: number): string | undefined => step.stack?.[step.stack.length - 1 - n]

/** A stack word as a lowercase address. */
const address = (hex: string | undefined): string =>
  `0x${word(hex).toString(16).padStart(40, '0').slice(-40)}`

/** `size` bytes of memory from `offset`, as lowercase hex with 0x (memory past its end reads as zeros). */
function slice(memory: string[] | undefined, offset: bigint, size: bigint): string {
  if (size === 0n) return '0x'
  const all = (memory ?? []).join('').replace(/^0x/, '')
  const start = Number(offset) * 2
  const out = all.slice(start, start + Number(size) * 2)
  return `0x${out.padEnd(Number(size) * 2, '0').toLowerCase()}`
}

/**
 * The effects of a traced call: the coin each successful call moved (the top call's value first) and
 * the logs of frames that were not reverted, in order.
 */
export function effects(trace: Trace, call: Call): Effects {
  const read = reader(call)
  for (const step of trace.structLogs) read.step(step)
  return read.end(trace.failed)
}

/**
 * {@link effects} read one step at a time, so that a trace need not be held whole (TraceStream.ts hands
 * each step over as it arrives): `step` each in order, then `end` with the trace's `failed`.
 */
export function reader(call: Call) {
  const top: Frame = { address: call.to?.toLowerCase(), transfers: [], logs: [], create: !call.to }
  if (call.value > 0n && call.to)
    top.transfers.push({ from: call.from.toLowerCase(), to: top.address ?? '', value: call.value })
  const frames: Frame[] = [top]
  /** What a CALL or CREATE of the previous step starts. */
  let pending: Frame | undefined
  /** The step before. */
  let previous: Step | undefined

  const kept = call.kept?.toLowerCase()
  /** A frame returned to its caller with `ok` (the caller's next step has the result on top). */
  const finish = (child: Frame, ok: boolean, result: string | undefined) => {
    const parent = frames.at(-1)
    const transfer = child.transfer
    if (!parent) return
    if (!ok && !(kept !== undefined && parent === top && child.address === kept && !child.create)) return
    if (child.create && !child.address) {
      child.address = address(result)
      for (const log of child.logs) if (log.address === '') log.address = child.address
      if (transfer) transfer.to = child.address
    }
    if (transfer) parent.transfers.push(transfer)
    parent.transfers.push(...child.transfers)
    parent.logs.push(...child.logs)
  }

  const step = (step: Step) => {
    if (pending) {
      const started = pending
      pending = undefined
      if (step.depth > (previous?.depth ?? 0)) {
        // The call entered code: its frame runs until the depth comes back.
        started.depth = step.depth
        frames.push(started)
      } else {
        // A call to an account without code (or a precompile) returned at once.
        finish(started, word(peek(step, 0)) !== 0n, peek(step, 0))
      }
    }
    previous = step
    // Frames that ended: the step is back in a caller.
    while (frames.length > 1) {
      const current = frames.at(-1) as Frame
      if ((current.depth ?? 0) <= step.depth) break
      frames.pop()
      finish(current, word(peek(step, 0)) !== 0n, peek(step, 0))
    }
    const here = frames.at(-1) as Frame
    const op = step.op
    if (op.startsWith('LOG')) {
      const count = Number(op.slice(3))
      const offset = word(peek(step, 0))
      const size = word(peek(step, 1))
      const topics = Array.from(
        { length: count },
        (_, n) =>
          `0x${word(peek(step, 2 + n))
            .toString(16)
            .padStart(64, '0')}`,
      )
      here.logs.push({ address: here.address ?? '', topics, data: slice(step.memory, offset, size) })
    } else if (CALLS.has(op)) {
      const target = address(peek(step, 1))
      const value = op === 'CALL' || op === 'CALLCODE' ? word(peek(step, 2)) : 0n
      // DELEGATECALL and CALLCODE run other code as this account.
      const runsAs = op === 'DELEGATECALL' || op === 'CALLCODE' ? here.address : target
      const transfer =
        op === 'CALL' && value > 0n ? { from: here.address ?? '', to: target, value } : undefined
      pending = { address: runsAs, transfers: [], logs: [], create: false, transfer }
    } else if (CREATES.has(op)) {
      const value = word(peek(step, 0))
      const transfer = value > 0n ? { from: here.address ?? '', to: '', value } : undefined
      pending = { address: undefined, transfers: [], logs: [], create: true, transfer }
    }
  }

  const end = (failed: boolean): Effects => {
    if (failed) return { reverted: true, transfers: [], logs: [] }
    // Frames still open at the end returned with the top call (the trace ends in the top frame).
    while (frames.length > 1) finish(frames.pop() as Frame, true, undefined)
    return { reverted: false, transfers: top.transfers, logs: top.logs }
  }

  return { step, end }
}

/** Error(string)'s selector. */
const ERROR_SELECTOR = '08c379a0'

/**
 * The revert reason in a trace's return value: Error(string)'s text, else undefined.
 * @example reason('08c379a0...') // 'UniswapV2Router: EXPIRED'
 */
export function reason(returnValue: string | undefined): string | undefined {
  const hex = (returnValue ?? '').replace(/^0x/, '')
  if (!hex.startsWith(ERROR_SELECTOR) || hex.length < 8 + 128) return undefined
  const length = Number(word(hex.slice(8 + 64, 8 + 128)))
  const bytes = Buffer.from(hex.slice(8 + 128, 8 + 128 + length * 2), 'hex')
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes)
  return text.length > 0 ? text.slice(0, 200) : undefined
}
