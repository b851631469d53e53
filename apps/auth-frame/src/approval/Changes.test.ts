// @vitest-environment jsdom
import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import type * as Approval from './Approval.js'
import * as Changes from './Changes.js'
import * as TestPermit from './TestPermit.js'

const ME = `0x${'1'.repeat(40)}`
const ROUTER = `0x${'2'.repeat(40)}`
const FUSD = { address: `0x${'a'.repeat(40)}`, symbol: 'FUSD', decimals: 6, known: true }
const ETH = { address: null, symbol: 'ETH', decimals: 18, known: true }
const KEY = `0x${'b'.repeat(40)}`

// The answer of POST /v1/simulate for 1 ETH swapped for FUSD on the devnet, plus an approval and an NFT.
const swap: Changes.Simulation = {
  reverted: false,
  changes: [
    { direction: 'out', asset: 'native', token: ETH, amount: '1000000000000000000' },
    { direction: 'in', asset: 'erc20', token: FUSD, amount: '1974316068' },
    {
      direction: 'in',
      asset: 'erc721',
      token: { address: KEY, symbol: 'KEY', decimals: null, known: false },
      tokenId: '7',
    },
  ],
  approvals: [{ kind: 'erc20', token: FUSD, spender: ROUTER, amount: (2n ** 256n - 1n).toString() }],
}

const request: Approval.Request = {
  method: 'eth_sendTransaction',
  params: [],
  chainId: 31337,
  address: ME,
  transaction: {
    from: ME as `0x${string}`,
    to: ROUTER as `0x${string}`,
    value: 10n ** 18n,
    data: '0x7ff36ab5',
    gas: 400_000n,
    estimated: [],
  },
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('Simulation', () => {
  test("reads the API's answer; an answer of another shape is refused (the API client's invalid_response)", () => {
    expect(z.parse(Changes.Simulation, swap)).toEqual(swap)
    expect(z.safeParse(Changes.Simulation, { ...swap, changes: [{ direction: 'sideways' }] }).success).toBe(
      false,
    )
    expect(z.safeParse(Changes.Simulation, { reverted: false }).success).toBe(false)
  })
})

describe('lines', () => {
  test('each change in its decimals with its symbol, then the approvals', () => {
    expect(Changes.lines(swap)).toEqual([
      { direction: 'out', said: 'You send', text: '1 ETH' },
      { direction: 'in', said: 'You receive', text: '1974.316068 FUSD' },
      { direction: 'in', said: 'You receive', text: 'KEY #7', address: KEY },
      { direction: 'approval', said: 'You approve', text: `${ROUTER} to spend Unlimited FUSD` },
    ])
  })

  test("a token outside the network's list is named by its address too: any contract can call itself USDC", () => {
    const fake = `0x${'c'.repeat(40)}`
    const token = { address: fake, symbol: 'USDC', decimals: 6 }
    const result: Changes.Simulation = {
      reverted: false,
      changes: [{ direction: 'in', asset: 'erc20', token, amount: '5000000' }],
      approvals: [{ kind: 'erc20', token: { ...token, known: false }, spender: ROUTER, amount: '1' }],
    }
    expect(Changes.lines(result)).toEqual([
      { direction: 'in', said: 'You receive', text: '5 USDC', address: fake },
      { direction: 'approval', said: 'You approve', text: `${ROUTER} to spend 0.000001 USDC`, address: fake },
    ])
    expect(Changes.shorten(fake)).toBe('0xcccc…cccc')
  })
})

describe('transactionOf', () => {
  test('the transaction as it will be sent, in hex; nothing for other requests', () => {
    expect(Changes.transactionOf(request)).toEqual({
      from: ME,
      to: ROUTER,
      value: '0xde0b6b3a7640000',
      data: '0x7ff36ab5',
      gas: '0x61a80',
    })
    expect(Changes.transactionOf({ ...request, method: 'personal_sign' })).toBeUndefined()
  })

  test("a smart account's send (no filled transaction): the request's own fields, from the account", () => {
    const params = [{ from: ME, to: ROUTER, value: '0x1', data: '0x7ff36ab5' }]
    expect(Changes.transactionOf({ ...request, params, transaction: undefined })).toEqual({
      from: ME,
      to: ROUTER,
      value: '0x1',
      data: '0x7ff36ab5',
    })
    // A request sign-request refuses is simulated no more than it is shown.
    const refused = [{ from: ME, to: ROUTER, data: '0x00', input: '0x01' }]
    expect(Changes.transactionOf({ ...request, params: refused, transaction: undefined })).toBeUndefined()
  })
})

describe('mount', () => {
  test('loading, then the list: each line says in words whether it goes out or comes in', async () => {
    const asked: unknown[] = []
    let changed = 0
    let answer!: (result: Changes.Simulation) => void
    const element = Changes.mount(
      request,
      (chainId, transaction) => {
        asked.push([chainId, transaction])
        return new Promise((resolve) => {
          answer = resolve
        })
      },
      () => changed++,
    ) as HTMLElement
    expect(asked).toEqual([['eip155:31337', { transaction: Changes.transactionOf(request) }]])
    expect(element.getAttribute('aria-live')).toBe('polite')
    expect(element.getAttribute('aria-busy')).toBe('true')
    expect(element.textContent).toBe('Simulated changesSimulating…')
    expect(changed).toBe(0)
    answer(swap)
    await flush()
    expect(changed).toBe(1)
    expect(element.getAttribute('aria-busy')).toBe('false')
    const items = [...element.querySelectorAll('ul > li')]
    expect(items.map((item) => item.textContent)).toEqual([
      'You send −1 ETH',
      'You receive +1974.316068 FUSD',
      `You receive +KEY #7 0xbbbb…bbbb ${KEY}`,
      `You approve ✓${ROUTER} to spend Unlimited FUSD`,
    ])
    expect(items[0]?.querySelector('.af-change-sign')?.getAttribute('aria-hidden')).toBe('true')
    // The collection's address: shortened for the eye, whole in its title and for screen readers.
    const address = items[2]?.querySelector('.af-change-address')
    expect(address?.getAttribute('title')).toBe(KEY)
    expect(address?.getAttribute('aria-hidden')).toBe('true')
    expect(items[2]?.querySelector('.af-sr:last-child')?.textContent).toBe(` ${KEY}`)
    expect(items[1]?.querySelector('.af-change-address')).toBeNull()
  })

  test('a revert shows the warning and the reason; a failure says so; no changes say so', async () => {
    const show = async (simulate: Changes.Simulate) => {
      const element = Changes.mount(request, simulate, () => {}) as HTMLElement
      await flush()
      return element
    }
    const reverted = await show(async () => ({
      reverted: true,
      reason: 'UniswapV2Router: EXPIRED',
      changes: [],
      approvals: [],
    }))
    expect(reverted.querySelector('[role="alert"]')?.textContent).toBe('This transaction is likely to fail')
    expect(reverted.textContent).toContain('Reason: UniswapV2Router: EXPIRED')
    const failed = await show(async () => {
      throw new Error('502')
    })
    expect(failed.textContent).toBe('Simulated changesThe changes could not be simulated')
    const none = await show(async () => ({ reverted: false, changes: [], approvals: [] }))
    expect(none.textContent).toBe('Simulated changesNo asset changes')
  })

  test('nothing without a simulation or for a request that is not a transaction', () => {
    expect(Changes.mount(request, undefined, () => {})).toBeUndefined()
    expect(
      Changes.mount(
        { ...request, method: 'personal_sign' },
        async () => swap,
        () => {},
      ),
    ).toBeUndefined()
  })
})

describe('permits', () => {
  const permit = TestPermit.of({ token: FUSD.address, owner: ME, spender: ROUTER, value: '2500000' })
  const signing: Approval.Request = {
    method: 'eth_signTypedData_v4',
    params: [ME, JSON.stringify(permit)],
    chainId: 31337,
    address: ME,
  }

  test('a permit is the approve with its effect, sent to the token; other typed data is nothing', () => {
    expect(Changes.permitOf(signing)).toEqual({
      transaction: {
        from: ME,
        to: FUSD.address,
        value: '0x0',
        data: `0x095ea7b3${ROUTER.slice(2).padStart(64, '0')}${(2_500_000).toString(16).padStart(64, '0')}`,
      },
    })
    const mail = {
      ...permit,
      primaryType: 'Mail',
      types: { Mail: [{ name: 'to', type: 'address' }] },
      message: { to: ME },
    }
    expect(Changes.permitOf({ ...signing, params: [ME, JSON.stringify(mail)] })).toBeUndefined()
    expect(Changes.permitOf(request)).toBeUndefined()
  })

  test('a Permit2 signature is the approves with its effect: one token a transaction, several a batch', () => {
    const MAX160 = (2n ** 160n - 1n).toString()
    const single = TestPermit.single({ token: FUSD.address, spender: ROUTER, amount: MAX160 })
    const word = (value: bigint | string) =>
      (typeof value === 'string' ? value.slice(2) : value.toString(16)).padStart(64, '0')
    expect(Changes.permitOf({ ...signing, params: [ME, JSON.stringify(single)] })).toEqual({
      transaction: {
        from: ME,
        to: FUSD.address,
        value: '0x0',
        data: `0x095ea7b3${word(ROUTER)}${word(2n ** 256n - 1n)}`,
      },
    })
    const batch = TestPermit.batch({
      spender: ROUTER,
      tokens: [
        { token: FUSD.address, amount: '2500000' },
        { token: KEY, amount: '7' },
      ],
    })
    expect(Changes.permitOf({ ...signing, params: [ME, JSON.stringify(batch)] })).toEqual({
      batch: {
        from: ME,
        calls: [
          { to: FUSD.address, value: '0x0', data: `0x095ea7b3${word(ROUTER)}${word(2_500_000n)}` },
          { to: KEY, value: '0x0', data: `0x095ea7b3${word(ROUTER)}${word(7n)}` },
        ],
      },
    })
    // Permit2's types verified by another contract grant nothing there: no section.
    const elsewhere = { ...single, domain: { ...single.domain, verifyingContract: KEY } }
    expect(Changes.permitOf({ ...signing, params: [ME, JSON.stringify(elsewhere)] })).toBeUndefined()
  })

  test('the section shows the approval granted, in the token decimals, and nothing else', async () => {
    const element = Changes.mount(
      signing,
      async () => ({
        reverted: false,
        changes: [{ direction: 'out', asset: 'native', token: ETH, amount: '1' }],
        approvals: [{ kind: 'erc20', token: FUSD, spender: ROUTER, amount: '2500000' }],
      }),
      () => {},
    ) as HTMLElement
    await flush()
    expect(element.querySelector('h2')?.textContent).toBe('What this signature grants')
    expect([...element.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      `You approve ✓${ROUTER} to spend 2.5 FUSD`,
    ])
  })
})

describe('batches (wallet_sendCalls)', () => {
  const approve = `0x095ea7b3${ROUTER.slice(2).padStart(64, '0')}${(40_000_000).toString(16).padStart(64, '0')}`
  const swapData = '0x38ed1739'
  const sendCalls: Approval.Request = {
    method: 'wallet_sendCalls',
    params: [
      {
        version: '2.0.0',
        chainId: '0x7a69',
        from: ME,
        atomicRequired: true,
        calls: [
          { to: FUSD.address, data: approve, capabilities: { x: { optional: true } } },
          { to: ROUTER, data: swapData, value: '0x0' },
        ],
      },
    ],
    chainId: 31337,
    address: ME,
  }
  const WETH = { address: `0x${'d'.repeat(40)}`, symbol: 'WETH', decimals: 18, known: true }
  // The API's answer for a smart account's approve + swap of 40 FUSD for WETH, simulated together.
  const together: Changes.Simulation = {
    reverted: false,
    changes: [
      { direction: 'out', asset: 'erc20', token: FUSD, amount: '40000000' },
      { direction: 'in', asset: 'erc20', token: WETH, amount: '19950000000000000' },
    ],
    approvals: [{ kind: 'erc20', token: FUSD, spender: ROUTER, amount: '0' }],
  }
  const show = async (result: Changes.Simulation) => {
    const element = Changes.mount(
      sendCalls,
      async () => result,
      () => {},
    ) as HTMLElement
    await flush()
    return element
  }

  test("the batch's calls as sent, from the account on screen; nothing for params protocol refuses", () => {
    expect(Changes.batchOf(sendCalls)).toEqual({
      from: ME,
      calls: [
        { to: FUSD.address, data: approve },
        { to: ROUTER, data: swapData, value: '0x0' },
      ],
    })
    expect(Changes.batchOf(request)).toBeUndefined()
    const tooMany = [
      { ...(sendCalls.params as object[])[0], calls: Array.from({ length: 101 }, () => ({ to: ROUTER })) },
    ]
    expect(Changes.batchOf({ ...sendCalls, params: tooMany })).toBeUndefined()
    expect(Changes.transactionOf(sendCalls)).toBeUndefined()
  })

  test('asks for the whole batch; shows what leaves and enters the account once all calls ran', async () => {
    const asked: unknown[] = []
    const element = Changes.mount(
      sendCalls,
      async (chainId, batch) => {
        asked.push([chainId, batch])
        return together
      },
      () => {},
    ) as HTMLElement
    expect(element.textContent).toBe('Simulated changesSimulating…')
    await flush()
    expect(asked).toEqual([['eip155:31337', { batch: Changes.batchOf(sendCalls) }]])
    expect(element.dataset.state).toBe('done')
    expect([...element.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'You send −40 FUSD',
      'You receive +0.01995 WETH',
      `You approve ✓${ROUTER} to spend 0 FUSD`,
    ])
    expect(element.textContent).not.toContain('simulated alone')
  })

  test('calls simulated one by one say so; a later call failing alone is no warning and no numbers', async () => {
    const alone = await show({ ...together, independent: true })
    expect(alone.querySelectorAll('li')).toHaveLength(3)
    expect(alone.textContent).toContain('Each call was simulated alone, against the state before the batch')
    const unknown = await show({
      reverted: true,
      reason: 'Call 2: UniswapV2: TRANSFER_FROM_FAILED',
      independent: true,
      call: 2,
      changes: [],
      approvals: [],
    })
    expect(unknown.dataset.state).toBe('unknown')
    expect(unknown.querySelector('[role="alert"]')).toBeNull()
    expect(unknown.querySelectorAll('li')).toHaveLength(0)
    expect(unknown.textContent).toContain(
      'it may need an earlier call of the batch, so the changes are not known',
    )
    expect(unknown.textContent).toContain('Reason: Call 2: UniswapV2: TRANSFER_FROM_FAILED')
    // The first call runs against the state before the batch, as it will: its failure is the warning.
    const first = await show({
      reverted: true,
      reason: 'Call 1: nope',
      independent: true,
      call: 1,
      changes: [],
      approvals: [],
    })
    expect(first.dataset.state).toBe('reverted')
    expect(first.querySelector('[role="alert"]')?.textContent).toBe('This transaction is likely to fail')
    // A smart account's batch that reverts (all calls or none) is the warning with its reason.
    const reverted = await show({
      reverted: true,
      reason: 'UniswapV2Router: EXPIRED',
      changes: [],
      approvals: [],
    })
    expect(reverted.querySelector('[role="alert"]')?.textContent).toBe('This transaction is likely to fail')
  })
})
