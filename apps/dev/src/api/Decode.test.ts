import * as Decode from '@frontdoor/api/indexer/Decode'
import * as Registry from '@frontdoor/api/indexer/Registry'
import { DEPLOYMENTS } from '@frontdoor/devnet/deployment'
import * as FrontdoorAccount from '@frontdoor/devnet/frontdoor-account'
import { encodeAbiParameters, encodeFunctionData, type Hex, pad, parseAbi } from 'viem'
import { entryPoint07Abi } from 'viem/account-abstraction'
import { describe, expect, test } from 'vitest'
import * as StandIns from '../StandIns.js'

Registry.configure(StandIns.registry())
const chain = Registry.of('eip155:31337')
const { tokens, nfts, uniswap, accounts } = DEPLOYMENTS[31337]
const alice = accounts[0]!.address.toLowerCase() as Hex
const bob = accounts[1]!.address.toLowerCase() as Hex
const router = uniswap.router.toLowerCase() as Hex
const weth = tokens.WETH.address.toLowerCase() as Hex
const fusd = tokens.FUSD.address.toLowerCase() as Hex
const pair = DEPLOYMENTS[31337].pools.FUSD_WETH.address.toLowerCase() as Hex

const topic = (address: string) => pad(address as Hex, { size: 32 })
const word = (n: bigint) => encodeAbiParameters([{ type: 'uint256' }], [n])

const hashOf = (n: number) => pad(`0x${n.toString(16)}`, { size: 32 })
const txHash = (n: number) => pad(`0x${(0xabc000 + n).toString(16)}`, { size: 32 })

function tx(n: number, fields: Partial<Decode.RpcTransaction> = {}): Decode.RpcTransaction {
  return {
    hash: txHash(n),
    from: alice,
    to: bob,
    nonce: '0x0',
    value: '0x0',
    input: '0x',
    transactionIndex: '0x0',
    ...fields,
  }
}

function block(number: number, transactions: Decode.RpcTransaction[]): Decode.RpcBlock {
  return {
    number: `0x${number.toString(16)}`,
    hash: hashOf(number),
    parentHash: hashOf(number - 1),
    timestamp: '0x6a000000',
    transactions,
  }
}

function log(
  n: number,
  tx: number,
  address: string,
  topics: Hex[],
  data: Hex,
  blockNumber = 1,
): Decode.RpcLog {
  return {
    address: address as Hex,
    topics,
    data,
    blockNumber: `0x${blockNumber.toString(16)}`,
    blockHash: hashOf(blockNumber),
    transactionHash: txHash(tx),
    logIndex: `0x${n.toString(16)}`,
  }
}

const ok = (n: number, contractAddress: Hex | null = null): [string, Decode.RpcReceipt] => [
  txHash(n).toLowerCase(),
  { transactionHash: txHash(n), status: '0x1', contractAddress },
]

describe('decode', () => {
  test('a native transfer: the value, both parties in the activity, status from the receipt', () => {
    const decoded = Decode.decode({
      chain,
      blocks: [block(1, [tx(1, { value: '0xde0b6b3a7640000' })])],
      logs: [],
      receipts: new Map([ok(1)]),
    })
    expect(decoded.transactions).toEqual([
      expect.objectContaining({
        hash: txHash(1),
        status: 'confirmed',
        value: '1000000000000000000',
        selector: null,
      }),
    ])
    expect(decoded.transfers).toEqual([
      expect.objectContaining({
        logIndex: -1,
        kind: 'native',
        fromAddress: alice,
        toAddress: bob,
        amount: '1000000000000000000',
      }),
    ])
    expect(decoded.activity.map((row) => row.address).sort()).toEqual([alice, bob].sort())
    expect(decoded.blocks).toEqual([{ number: 1, hash: hashOf(1) }])
  })

  test('a failed transaction keeps its row but moves nothing', () => {
    const decoded = Decode.decode({
      chain,
      blocks: [block(1, [tx(1, { value: '0x1', input: '0xa9059cbb00' })])],
      logs: [],
      receipts: new Map([
        [txHash(1).toLowerCase(), { transactionHash: txHash(1), status: '0x0', contractAddress: null }],
      ]),
    })
    expect(decoded.transactions[0]).toMatchObject({ status: 'failed', selector: '0xa9059cbb' })
    expect(decoded.transfers).toEqual([])
    expect(decoded.activity.map((row) => row.address)).toEqual([alice])
  })

  test('a transaction without logs and without a receipt is an error (nothing is guessed)', () => {
    expect(() =>
      Decode.decode({ chain, blocks: [block(1, [tx(1)])], logs: [], receipts: new Map() }),
    ).toThrow(/no receipt/)
  })

  test('a contract creation: sent to the created contract, its constructor mints seen as transfers', () => {
    const created = nfts.KEY.address.toLowerCase() as Hex
    const decoded = Decode.decode({
      chain,
      blocks: [block(1, [tx(1, { to: null, input: '0x6080' })])],
      logs: [
        log(
          0,
          1,
          created,
          [Decode.TOPICS.transfer, topic(Registry.ZERO_ADDRESS), topic(bob), word(7n)],
          '0x',
        ),
      ],
      receipts: new Map([ok(1, created)]),
    })
    expect(decoded.transactions[0]).toMatchObject({ toAddress: null, contractAddress: created })
    expect(decoded.transfers).toEqual([
      expect.objectContaining({
        kind: 'erc721',
        token: created,
        fromAddress: Registry.ZERO_ADDRESS,
        toAddress: bob,
        tokenId: '7',
      }),
    ])
    expect(decoded.tokens.get(created)).toBe('erc721')
    expect([...decoded.nftItems]).toEqual([`${created}:7`])
    // The zero address is nobody's account.
    expect(decoded.activity.map((row) => row.address).sort()).toEqual([alice, bob].sort())
  })

  test('ERC-20 transfers and approvals, ERC-721 approvals and ApprovalForAll', () => {
    const decoded = Decode.decode({
      chain,
      blocks: [block(1, [tx(1, { to: fusd })])],
      logs: [
        log(0, 1, fusd, [Decode.TOPICS.transfer, topic(alice), topic(bob)], word(250n)),
        log(1, 1, fusd, [Decode.TOPICS.approval, topic(alice), topic(router)], word(2n ** 256n - 1n)),
        log(2, 1, nfts.KEY.address, [Decode.TOPICS.approval, topic(alice), topic(bob), word(1n)], '0x'),
        log(3, 1, nfts.KEY.address, [Decode.TOPICS.approvalForAll, topic(alice), topic(router)], word(1n)),
        // A Transfer with a malformed body is not read.
        log(4, 1, fusd, [Decode.TOPICS.transfer, topic(alice), topic(bob)], '0x01'),
      ],
      receipts: new Map(),
    })
    expect(decoded.transactions[0]?.status).toBe('confirmed')
    expect(
      decoded.transfers.map(({ kind, logIndex, amount, tokenId }) => ({ kind, logIndex, amount, tokenId })),
    ).toEqual([
      { kind: 'erc20', logIndex: 0, amount: '250', tokenId: undefined },
      { kind: 'approval', logIndex: 1, amount: (2n ** 256n - 1n).toString(), tokenId: undefined },
      { kind: 'approval', logIndex: 2, amount: undefined, tokenId: '1' },
      { kind: 'approval_for_all', logIndex: 3, amount: '1', tokenId: undefined },
    ])
    expect(decoded.tokens.get(fusd)).toBe('erc20')
    expect(decoded.tokens.get(nfts.KEY.address.toLowerCase())).toBe('erc721')
    // The router is a spender, not a party: approvals link only their owner.
    expect(decoded.activity.map((row) => row.address).sort()).toEqual([alice, bob].sort())
  })

  test('WETH deposit and withdrawal: a mint and a burn of WETH, and the coin WETH pays back', () => {
    const decoded = Decode.decode({
      chain,
      blocks: [
        block(1, [
          tx(1, { to: weth, value: '0x64', input: '0xd0e30db0' }),
          tx(2, { to: weth, input: '0x2e1a7d4d' }),
        ]),
      ],
      logs: [
        log(0, 1, weth, [Decode.TOPICS.deposit, topic(alice)], word(100n)),
        log(1, 2, weth, [Decode.TOPICS.withdrawal, topic(alice)], word(40n)),
      ],
      receipts: new Map(),
    })
    const moves = decoded.transfers.map(
      ({ txHash: hash, kind, fromAddress, toAddress, amount, logIndex }) => ({
        tx: hash === txHash(1) ? 1 : 2,
        kind,
        fromAddress,
        toAddress,
        amount,
        logIndex,
      }),
    )
    expect(moves).toEqual([
      { tx: 1, kind: 'native', fromAddress: alice, toAddress: weth, amount: '100', logIndex: -1 },
      {
        tx: 1,
        kind: 'erc20',
        fromAddress: Registry.ZERO_ADDRESS,
        toAddress: alice,
        amount: '100',
        logIndex: 0,
      },
      {
        tx: 2,
        kind: 'erc20',
        fromAddress: alice,
        toAddress: Registry.ZERO_ADDRESS,
        amount: '40',
        logIndex: 1,
      },
      { tx: 2, kind: 'native', fromAddress: weth, toAddress: alice, amount: '40', logIndex: -2 },
    ])
  })

  test('router swaps to ETH pay the `to` argument; leftover value of ETH-in swaps goes back to the sender', () => {
    const routerAbi = parseAbi([
      'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
      'function swapETHForExactTokens(uint256 amountOut, address[] path, address to, uint256 deadline) payable',
    ])
    const toEth = encodeFunctionData({
      abi: routerAbi,
      functionName: 'swapExactTokensForETH',
      args: [1000n, 0n, [fusd, weth], bob, 9n],
    })
    const forExact = encodeFunctionData({
      abi: routerAbi,
      functionName: 'swapETHForExactTokens',
      args: [5n, [weth, fusd], alice, 9n],
    })
    const decoded = Decode.decode({
      chain,
      blocks: [
        block(1, [
          tx(1, { to: router, input: toEth }),
          tx(2, { to: router, input: forExact, value: '0x64' }),
        ]),
      ],
      logs: [
        log(0, 1, fusd, [Decode.TOPICS.transfer, topic(alice), topic(pair)], word(1000n)),
        log(1, 1, weth, [Decode.TOPICS.transfer, topic(pair), topic(router)], word(30n)),
        log(2, 1, weth, [Decode.TOPICS.withdrawal, topic(router)], word(30n)),
        log(3, 2, weth, [Decode.TOPICS.deposit, topic(router)], word(70n)),
        log(4, 2, weth, [Decode.TOPICS.transfer, topic(router), topic(pair)], word(70n)),
        log(5, 2, fusd, [Decode.TOPICS.transfer, topic(pair), topic(alice)], word(5n)),
      ],
      receipts: new Map(),
    })
    const native = decoded.transfers
      .filter((row) => row.kind === 'native')
      .map(({ txHash: hash, fromAddress, toAddress, amount }) => ({
        tx: hash === txHash(1) ? 1 : 2,
        fromAddress,
        toAddress,
        amount,
      }))
    expect(native).toEqual([
      { tx: 1, fromAddress: weth, toAddress: router, amount: '30' },
      { tx: 1, fromAddress: router, toAddress: bob, amount: '30' },
      { tx: 2, fromAddress: alice, toAddress: router, amount: '100' },
      { tx: 2, fromAddress: router, toAddress: alice, amount: '30' },
    ])
  })
})

describe('inconsistency', () => {
  test('blocks that do not chain, and logs of another fork, are reported', () => {
    const blocks = [block(1, []), block(2, [])]
    expect(Decode.inconsistency(blocks, [])).toBeUndefined()
    expect(Decode.inconsistency([block(1, []), { ...block(2, []), parentHash: hashOf(9) }], [])).toMatch(
      /another parent/,
    )
    const stale = { ...log(0, 1, fusd, [Decode.TOPICS.transfer], '0x', 2), blockHash: hashOf(99) }
    expect(Decode.inconsistency(blocks, [stale])).toMatch(/another fork/)
    expect(Decode.inconsistency(blocks, [{ ...log(0, 1, fusd, [], '0x', 2), removed: true }])).toMatch(
      /removed/,
    )
    // Hardhat's bulk-mined blocks name no parent: the link is taken as whole.
    const unnamed = { ...block(2, []), parentHash: pad('0x0', { size: 32 }) }
    expect(Decode.inconsistency([block(1, []), unnamed], [])).toBeUndefined()
  })
})

describe('decode: ERC-4337 bundles', () => {
  const entryPoint = DEPLOYMENTS[31337].accountAbstraction.entryPoint.toLowerCase() as Hex
  const smart = '0x3adbfc5c33a9e132eedd2c6a9a0ac7e13037f9e5' as Hex
  const carol = accounts[2]!.address.toLowerCase() as Hex
  const op = (nonce: bigint, calls: { to: Hex; value: bigint }[]) => ({
    sender: smart,
    nonce,
    initCode: '0x' as Hex,
    callData: FrontdoorAccount.encodeCalls(calls),
    accountGasLimits: pad('0x01', { size: 32 }),
    preVerificationGas: 1n,
    gasFees: pad('0x01', { size: 32 }),
    paymasterAndData: '0x' as Hex,
    signature: '0x' as Hex,
  })
  const bundle = (ops: ReturnType<typeof op>[], to: Hex = entryPoint) =>
    tx(1, {
      from: alice,
      to,
      input: encodeFunctionData({ abi: entryPoint07Abi, functionName: 'handleOps', args: [ops, alice] }),
    })
  const event = (n: number, nonce: bigint, success: boolean, address: Hex = entryPoint) =>
    log(
      n,
      1,
      address,
      [Decode.TOPICS.userOperation, hashOf(100 + n), topic(smart), topic(`0x${'0'.repeat(40)}`)],
      encodeAbiParameters(
        [{ type: 'uint256' }, { type: 'bool' }, { type: 'uint256' }, { type: 'uint256' }],
        [nonce, success, 1n, 1n],
      ),
    )

  test("a smart account's native sends inside a bundle: from the account to each call's target, in its activity", () => {
    const decoded = Decode.decode({
      chain,
      blocks: [
        block(1, [
          bundle([
            op(0n, [
              { to: bob, value: 5n },
              { to: carol, value: 7n },
            ]),
          ]),
        ]),
      ],
      logs: [event(0, 0n, true)],
      receipts: new Map([ok(1)]),
    })
    const native = decoded.transfers.filter((t) => t.kind === 'native')
    expect(native.map((t) => [t.fromAddress, t.toAddress, t.amount])).toEqual([
      [smart, bob, '5'],
      [smart, carol, '7'],
    ])
    expect(decoded.activity.map((a) => a.address).sort()).toEqual([alice, bob, carol, smart].sort())
  })

  test('a user operation that failed moved no coin; another sender or nonce is not its event', () => {
    for (const logs of [[event(0, 0n, false)], [event(0, 1n, true)], []]) {
      const decoded = Decode.decode({
        chain,
        blocks: [block(1, [bundle([op(0n, [{ to: bob, value: 5n }])])])],
        logs,
        receipts: new Map([ok(1)]),
      })
      expect(decoded.transfers.filter((t) => t.kind === 'native')).toEqual([])
    }
  })

  test('a bundle sent to another contract, or an event of another contract, is no bundle: nothing moved', () => {
    // A contract of anyone's that takes handleOps and emits UserOperationEvent for someone's account.
    const forger = tokens.FUSD.address.toLowerCase() as Hex
    expect(Decode.ENTRY_POINTS.has(entryPoint)).toBe(true)
    const native = (to: Hex, address: Hex) =>
      Decode.decode({
        chain,
        blocks: [block(1, [bundle([op(0n, [{ to: bob, value: 5n }])], to)])],
        logs: [event(0, 0n, true, address)],
        receipts: new Map([ok(1)]),
      }).transfers.filter((t) => t.kind === 'native' && t.fromAddress === smart)
    expect(native(entryPoint, entryPoint)).toHaveLength(1)
    expect(native(forger, forger)).toEqual([])
    expect(native(forger, entryPoint)).toEqual([])
    expect(native(entryPoint, forger)).toEqual([])
  })
})
