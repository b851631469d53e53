import { readFileSync } from 'node:fs'
import { describe, expect, test } from 'vitest'
import * as Changes from './Changes.js'
import * as Trace from './Trace.js'

// Real traces of Hardhat 2's debug_traceCall on the devnet (chain 31337) of dev account 3's swaps through
// the AMM router, trimmed to the steps the reader looks at (calls, logs, the first and last step of each
// frame, the step after each call) with the top of each stack: the reader's answers are the same.
const fixture = (name: string): Trace.Trace =>
  JSON.parse(readFileSync(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8'))
const ME = '0x90f79bf6eb2c4f870365e785982e1f101e93b906'
const ROUTER = '0x2d71c73f5cadef92a92d180bf2a8d875e2e107e4'
const WETH = '0x8f2ab70a03b04ceb10d7be1c38b330921555c6f7'
const FUSD = '0x86963c0be1ef7df4273e5c86e918759a97486169'

/** A 32-byte stack word. */
const w = (value: bigint | string) =>
  (typeof value === 'bigint' ? value.toString(16) : value.replace(/^0x/, '')).padStart(64, '0')

describe('effects of real devnet traces', () => {
  test('1 ETH for FUSD: the coin to the router then WETH, the logs of every frame in order', () => {
    const effects = Trace.effects(fixture('swap-eth-for-fusd'), { from: ME, to: ROUTER, value: 10n ** 18n })
    expect(effects.reverted).toBe(false)
    expect(effects.transfers).toEqual([
      { from: ME, to: ROUTER, value: 10n ** 18n },
      { from: ROUTER, to: WETH, value: 10n ** 18n },
    ])
    expect(effects.logs.map((log) => [log.address, log.topics[0]?.slice(0, 10)])).toEqual([
      [WETH, '0xe1fffcc4'], // Deposit to the router
      [WETH, '0xddf252ad'], // WETH to the pair
      [FUSD, '0xddf252ad'], // FUSD to me
      ['0x70092c4b097b5afa12e8965ab2ad325e380e0562', '0x1c411e9a'], // Sync
      ['0x70092c4b097b5afa12e8965ab2ad325e380e0562', '0xd78ad95f'], // Swap
    ])
    // The router formula for 1 ETH into the seeded pool (Amm.test): 1,974.316068 FUSD.
    expect(Changes.of(effects, ME).changes).toEqual([
      { direction: 'out', asset: 'native', amount: 10n ** 18n },
      { direction: 'in', asset: 'erc20', token: FUSD, amount: 1_974_316_068n },
    ])
  })

  test('1,000 FUSD for ETH: the router pays me with a call into an account without code', () => {
    const effects = Trace.effects(fixture('swap-fusd-for-eth'), { from: ME, to: ROUTER, value: 0n })
    expect(effects.transfers).toEqual([
      { from: WETH, to: ROUTER, value: 496_027_303_890_107_812n },
      { from: ROUTER, to: ME, value: 496_027_303_890_107_812n },
    ])
    expect(Changes.of(effects, ME).changes).toEqual([
      { direction: 'out', asset: 'erc20', token: FUSD, amount: 1_000_000_000n },
      { direction: 'in', asset: 'native', amount: 496_027_303_890_107_812n },
    ])
  })

  test('a reverted call moves nothing and says why', () => {
    for (const [name, why] of [
      ['swap-expired', 'UniswapV2Router: EXPIRED'],
      ['swap-too-much', 'TransferHelper: TRANSFER_FROM_FAILED'],
    ] as const) {
      const trace = fixture(name)
      expect(trace.structLogs.length).toBeGreaterThan(0)
      expect(Trace.effects(trace, { from: ME, to: ROUTER, value: 5n })).toEqual({
        reverted: true,
        transfers: [],
        logs: [],
      })
      expect(Trace.reason(trace.returnValue)).toBe(why)
    }
  })
})

describe('effects of frames', () => {
  const A = `0x${'a'.repeat(40)}`
  const B = `0x${'b'.repeat(40)}`
  const C = `0x${'c'.repeat(40)}`
  const log1 = (topic: string): Trace.Step => ({
    op: 'LOG1',
    depth: 0,
    stack: [w(topic), w(0x20n), w(0n)],
    memory: [w(7n)],
  })
  const call = (op: string, to: string, value = 0n): Trace.Step => ({
    op,
    depth: 0,
    stack: [w(0n), w(0n), w(0n), w(0n), w(value), w(to), w(100_000n)],
  })
  const at = (depth: number, step: Trace.Step): Trace.Step => ({ ...step, depth })
  const after = (depth: number, result: bigint | string): Trace.Step => ({
    op: 'SWAP1',
    depth,
    stack: [w(result)],
  })

  test("a callee's revert drops its logs and coin, its caller's go on", () => {
    const trace: Trace.Trace = {
      failed: false,
      structLogs: [
        at(1, call('CALL', B, 3n)),
        at(2, log1('0x01')),
        at(2, { op: 'REVERT', depth: 2 }),
        after(1, 0n),
        at(1, call('CALL', C, 4n)),
        at(2, log1('0x02')),
        at(2, { op: 'STOP', depth: 2 }),
        after(1, 1n),
        at(1, log1('0x03')),
        at(1, { op: 'STOP', depth: 1 }),
      ],
    }
    const effects = Trace.effects(trace, { from: ME, to: A, value: 9n })
    expect(effects.transfers).toEqual([
      { from: ME, to: A, value: 9n },
      { from: A, to: C, value: 4n },
    ])
    expect(effects.logs).toEqual([
      { address: C, topics: [`0x${w('0x02')}`], data: `0x${w(7n)}` },
      { address: A, topics: [`0x${w('0x03')}`], data: `0x${w(7n)}` },
    ])
  })

  test('a revert two frames up drops what the inner frame did', () => {
    const trace: Trace.Trace = {
      failed: false,
      structLogs: [
        at(1, call('CALL', B)),
        at(2, call('CALL', C, 1n)),
        at(3, log1('0x01')),
        at(3, { op: 'RETURN', depth: 3 }),
        after(2, 1n),
        at(2, { op: 'REVERT', depth: 2 }),
        after(1, 0n),
        at(1, { op: 'STOP', depth: 1 }),
      ],
    }
    expect(Trace.effects(trace, { from: ME, to: A, value: 0n })).toEqual({
      reverted: false,
      transfers: [],
      logs: [],
    })
  })

  test('coin to an account without code counts only when the call succeeded', () => {
    const trace = (ok: bigint): Trace.Trace => ({
      failed: false,
      structLogs: [at(1, call('CALL', B, 5n)), after(1, ok), at(1, { op: 'STOP', depth: 1 })],
    })
    expect(Trace.effects(trace(1n), { from: ME, to: A, value: 0n }).transfers).toEqual([
      { from: A, to: B, value: 5n },
    ])
    expect(Trace.effects(trace(0n), { from: ME, to: A, value: 0n }).transfers).toEqual([])
  })

  test("DELEGATECALL logs as the caller; a CREATE's logs get the new address", () => {
    const trace: Trace.Trace = {
      failed: false,
      structLogs: [
        at(1, call('DELEGATECALL', B)),
        at(2, log1('0x01')),
        at(2, { op: 'STOP', depth: 2 }),
        after(1, 1n),
        at(1, { op: 'CREATE', depth: 1, stack: [w(0n), w(0n), w(2n)] }),
        at(2, log1('0x02')),
        at(2, { op: 'RETURN', depth: 2 }),
        after(1, C),
        at(1, { op: 'STOP', depth: 1 }),
      ],
    }
    const effects = Trace.effects(trace, { from: ME, to: A, value: 0n })
    expect(effects.logs.map((log) => log.address)).toEqual([A, C])
    expect(effects.transfers).toEqual([{ from: A, to: C, value: 2n }])
  })

  test('memory past its end reads as zeros', () => {
    const trace: Trace.Trace = {
      failed: false,
      // LOG0 of 0x40 bytes from offset 0x10 of a memory of one word.
      structLogs: [at(1, { op: 'LOG0', depth: 1, stack: [w(0x40n), w(0x10n)], memory: [w(1n)] })],
    }
    expect(Trace.effects(trace, { from: ME, to: A, value: 0n }).logs[0]?.data).toBe(
      `0x${'0'.repeat(30)}01${'0'.repeat(96)}`,
    )
  })
})

describe('reason', () => {
  test("Error(string)'s text, nothing for other return values", () => {
    expect(Trace.reason(undefined)).toBeUndefined()
    expect(Trace.reason('0x')).toBeUndefined()
    expect(Trace.reason(`0x4e487b71${w(0x11n)}`)).toBeUndefined()
    expect(Trace.reason(`08c379a0${w(0x20n)}${w(2n)}${'6869'.padEnd(64, '0')}`)).toBe('hi')
  })
})
