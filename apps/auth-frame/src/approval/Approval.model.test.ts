import * as Policy from '@frontdoor/protocol/policy'
import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import * as Api from '../api/Api.js'
import * as Backends from '../session/Backends.js'
import * as Session from '../session/Session.js'
import * as Wallet from '../wallet/Wallet.js'
import * as Approval from './Approval.js'

/**
 * A model-based property test of the path from a page's request to the vault: the real wallet handlers
 * (policy, sign-request reading) and the real approval queue, with a spy vault (the recorded `fetch` of
 * the API client). The screen's buttons are its two callbacks, `approval.approve(id)` and
 * `approval.decline(id)` (Screen.ts calls them on a click; its visibility gate and popup have their own
 * tests). Commands: a page request (safe, unsafe with valid or random params, wrong signer, disallowed),
 * Approve on the request shown (once or twice in a row), Approve or Decline of an id that is not the one
 * shown (stale, queued behind, never issued), Decline, an abort from the modal, a sign-out. Property: the
 * vault is asked for an unsafe request only after an Approve of that very request, never for a declined
 * or aborted one, never twice; safe and refused requests never reach it; every page request settles as
 * the model says.
 */

// The wallet's lazy chunk for Solana transactions, loaded once before the runs (a first import takes
// longer than a run's settle).
await import('./Solana.js')
// And the one that reads token amounts for the screen (Tokens.ts).
await import('./Tokens.js')

const SIGNER = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const CHAIN_ID = 31337
const user = {
  id: 'u1',
  email: 'ada@example.com',
  address: SIGNER,
  solanaAddress: 'So1',
  accounts: [{ address: SIGNER, type: 'eoa' }],
  preferredAccountType: 'eoa',
  smartAccountDeployed: false,
}

type Outcome =
  | { status: 'pending' }
  | { status: 'resolved'; value: unknown }
  | { status: 'rejected'; error: unknown }

/** The system under test, fresh for each run. */
type Real = {
  call: (name: keyof Wallet.Handlers, params: unknown) => Promise<unknown>
  approval: Approval.Approval
  /** Every vault call, in order: the request's key (see {@link keyOf}). */
  vault: string[]
  /** Every page request's outcome, by request number. */
  outcomes: Map<number, Outcome>
}

/** What should happen. */
type Model = {
  /** Requests waiting on screen or behind it, in order: number and key. */
  queue: { n: number; key: string; id: number }[]
  /** Approval ids the real queue gave out, in order (the model's view of them). */
  ids: number[]
  /** The vault calls that may have happened, in order. */
  vault: string[]
  /** After a sign-out every request is refused (no session). */
  signedOut: boolean
  expected: Map<number, 'pending' | 'approved' | 'declined' | 'aborted' | 'refused'>
  next: number
}

/** How the vault call of a request is recognised: method and params (a transaction by its unique value). */
function keyOf(method: string, params: unknown): string {
  if (method === 'eth_sendTransaction') {
    const value = (params as [{ value?: string }] | undefined)?.[0]?.value ?? '0x0'
    return `${method}:${BigInt(value)}`
  }
  return `${method}:${JSON.stringify(params ?? [])}`
}

// wallet_sendCalls is read by Batch.ts, a lazy chunk of the frame: loaded once here, so its import in
// the wallet resolves within a settle as it does in the browser once fetched.
await import('./Batch.js')
// An EOA's personal_sign and typed data load protocol's eoa-signatures (a lazy chunk) the same way.
await import('@frontdoor/protocol/eoa-signatures')

const settle = async () => {
  for (let i = 0; i < 2; i++) await new Promise((resolve) => setTimeout(resolve, 0))
}

function setup(): Real {
  const vault: string[] = []
  const fetchFn = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = new URL(String(input))
    const body = init?.body ? JSON.parse(String(init.body)) : undefined
    const json = (status: number, value: unknown) =>
      new Response(JSON.stringify(value), { status, headers: { 'content-type': 'application/json' } })
    switch (url.pathname) {
      case '/v1/auth/user':
        return json(200, { user })
      case '/v1/vault/rpc':
        // The vault's signatures; wallet_getAssets and EIP-5792's capabilities and batch status are
        // reads it answers without one (no approval).
        if (!['wallet_getAssets', 'wallet_getCapabilities', 'wallet_getCallsStatus'].includes(body.method))
          vault.push(keyOf(body.method, body.params))
        return json(200, { result: '0xsig' })
      case '/v1/':
        return json(200, { jsonrpc: '2.0', id: body?.id ?? 1, result: '0x10' })
      default:
        return json(404, { error: { code: 'not_found', message: 'Not found' } })
    }
  }) as typeof fetch
  const session = Session.create(Backends.memory())
  session.set({ token: 't0k', expiresAtMs: Date.now() + 3_600_000 })
  const approval = Approval.create()
  const wallet = Wallet.create({
    apiUrl: 'http://127.0.0.1:4000',
    modalOrigin: 'http://127.0.0.1:5180',
    api: Api.create('http://127.0.0.1:4000', fetchFn),
    session,
    approval,
  })
  const call = (name: keyof Wallet.Handlers, params: unknown) =>
    Promise.resolve().then(() =>
      (wallet.handlers[name] as (p: unknown, c: { origin: string }) => unknown)(params, { origin: '' }),
    )
  void call('syncDappData', {
    metadata: { name: 'Demo' },
    projectId: 'demo',
    sdkVersion: '0',
    sdkType: 'frontdoor',
  })
  void call('switchNetwork', { chainId: CHAIN_ID })
  return {
    call,
    approval,
    vault,
    outcomes: new Map(),
  }
}

/** Waiting requests in the real queue (on screen and behind it). */
const waiting = (real: Real) => {
  const state = real.approval.get()
  return state.current ? state.queued + 1 : 0
}

function checkAgainst(model: Model, real: Real) {
  expect(real.vault).toEqual(model.vault)
  expect(waiting(real)).toBe(model.queue.length)
  for (const [n, expected] of model.expected) {
    const outcome = real.outcomes.get(n)
    if (expected === 'pending') expect(outcome, `request ${n}`).toEqual({ status: 'pending' })
    if (expected === 'approved') expect(outcome).toEqual({ status: 'resolved', value: '0xsig' })
    if (expected === 'declined')
      expect(outcome).toMatchObject({
        status: 'rejected',
        error: { code: 4001, message: 'Signature declined' },
      })
    if (expected === 'aborted')
      expect(outcome).toMatchObject({
        status: 'rejected',
        error: { code: 4001, message: 'Request was aborted' },
      })
    if (expected === 'refused') expect(outcome?.status, `request ${n}`).toBe('rejected')
  }
  // The request on screen is the model's head, waiting for a decision.
  const current = real.approval.get().current
  if (model.queue.length > 0) expect(current).toMatchObject({ id: model.queue[0]!.id, status: 'waiting' })
}

type Kind = 'unsafe' | 'unsafe-random' | 'prototype' | 'wrong-signer' | 'safe' | 'disallowed'

class PageRequest implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly kind: Kind,
    readonly method: string,
    readonly params: unknown,
  ) {}
  check = () => true
  async run(model: Model, real: Real) {
    const n = model.next++
    const before = waiting(real)
    real.outcomes.set(n, { status: 'pending' })
    real.call('rpcRequest', { method: this.method, params: this.params }).then(
      (value) => real.outcomes.set(n, { status: 'resolved', value }),
      (error: unknown) => real.outcomes.set(n, { status: 'rejected', error }),
    )
    await settle()
    const queued = waiting(real) === before + 1
    // Valid unsafe requests must wait for the user; safe, disallowed and wrong-signer ones never do.
    if (this.kind === 'unsafe' && !model.signedOut)
      expect(queued, `${this.method} ${JSON.stringify(this.params)}`).toBe(true)
    if (
      model.signedOut ||
      this.kind === 'safe' ||
      this.kind === 'disallowed' ||
      this.kind === 'wrong-signer' ||
      this.kind === 'prototype'
    )
      expect(queued).toBe(false)
    // Typed data naming a prototype member as a type is a bad param (-32602), not a crash (-32603).
    if (this.kind === 'prototype' && !model.signedOut)
      expect(real.outcomes.get(n), JSON.stringify(this.params)).toMatchObject({
        status: 'rejected',
        error: { code: -32602 },
      })
    if (queued) {
      const id = real.approval.get().current!.id + real.approval.get().queued
      model.ids.push(id)
      model.queue.push({ n, key: keyOf(this.method, this.params), id })
      model.expected.set(n, 'pending')
    } else if (this.kind !== 'safe' || model.signedOut) {
      model.expected.set(n, 'refused')
    } else {
      expect(real.outcomes.get(n)?.status).toBe('resolved')
    }
    checkAgainst(model, real)
  }
  toString = () => `request(${this.kind} ${this.method} ${JSON.stringify(this.params).slice(0, 80)})`
}

/** Moves the model past the request on screen. */
function dequeue(model: Model, outcome: 'approved' | 'declined') {
  const head = model.queue.shift()!
  model.expected.set(head.n, outcome)
  if (outcome === 'approved') model.vault.push(head.key)
}

class Approve implements fc.AsyncCommand<Model, Real> {
  constructor(readonly times: 1 | 2) {}
  check = () => true
  async run(model: Model, real: Real) {
    const shown = real.approval.get().current
    for (let i = 0; i < this.times; i++) if (shown) real.approval.approve(shown.id)
    if (model.queue.length > 0) dequeue(model, 'approved')
    await settle()
    checkAgainst(model, real)
  }
  toString = () => `approve shown x${this.times}`
}

/** Approve or Decline of an id that is not the one on screen: stale, queued behind, or never issued. */
class ForgedDecision implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly decision: 'approve' | 'decline',
    readonly pick: number,
  ) {}
  check = () => true
  async run(model: Model, real: Real) {
    const shown = real.approval.get().current?.id
    const candidates = [...model.ids, 0, -1, (model.ids.at(-1) ?? 0) + 1].filter((id) => id !== shown)
    const id = candidates[this.pick % candidates.length]!
    real.approval[this.decision](id)
    await settle()
    checkAgainst(model, real)
  }
  toString = () => `${this.decision} of another id (#${this.pick})`
}

class Decline implements fc.AsyncCommand<Model, Real> {
  check = () => true
  async run(model: Model, real: Real) {
    const shown = real.approval.get().current
    if (shown) real.approval.decline(shown.id)
    if (model.queue.length > 0) dequeue(model, 'declined')
    await settle()
    checkAgainst(model, real)
  }
  toString = () => 'decline shown'
}

class Abort implements fc.AsyncCommand<Model, Real> {
  constructor(readonly how: 'rpcAbort' | 'signOut') {}
  check = () => true
  async run(model: Model, real: Real) {
    await real.call(this.how, undefined)
    for (const { n } of model.queue) model.expected.set(n, 'aborted')
    model.queue = []
    await settle()
    checkAgainst(model, real)
    if (this.how === 'signOut') model.signedOut = true
  }
  toString = () => this.how
}

const hexOf = (text: string) => `0x${Buffer.from(text, 'utf8').toString('hex')}`
let tag = 0
/** A unique tag per generated request, so each vault call names its request. */
const unique = () => ++tag

const unsafeValid = fc.oneof(
  fc
    .string({ maxLength: 200 })
    .map((text) => ['personal_sign', [hexOf(`${unique()}:${text}`), SIGNER]] as const),
  fc.string({ maxLength: 100 }).map(
    (text) =>
      [
        'eth_signTypedData_v4',
        [
          SIGNER,
          JSON.stringify({
            types: {
              EIP712Domain: [
                { name: 'name', type: 'string' },
                { name: 'chainId', type: 'uint256' },
              ],
              Note: [
                { name: 'tag', type: 'uint256' },
                { name: 'text', type: 'string' },
              ],
            },
            primaryType: 'Note',
            domain: { name: 'Model', chainId: CHAIN_ID },
            message: { tag: String(unique()), text },
          }),
        ],
      ] as const,
  ),
  fc.boolean().map(
    (withData) =>
      [
        'eth_sendTransaction',
        [
          {
            from: SIGNER,
            to: OTHER,
            value: `0x${unique().toString(16)}`,
            ...(withData ? { data: '0x1234' } : {}),
            gas: '0x5208',
            nonce: '0x0',
            maxFeePerGas: '0x3b9aca00',
            maxPriorityFeePerGas: '0x1',
            chainId: `0x${CHAIN_ID.toString(16)}`,
          },
        ],
      ] as const,
  ),
)

/** Names of Object.prototype's members, which a lookup with `in` finds in any object. */
const PROTOTYPE_NAMES = ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'valueOf']

/** Typed data that names a prototype member where a type belongs: as a field's type or the primary type. */
const prototypeTyped = fc
  .tuple(fc.constantFrom(...PROTOTYPE_NAMES), fc.constantFrom('field', 'array', 'primary'))
  .map(([name, where]) => {
    const field = where === 'field' ? name : where === 'array' ? `${name}[]` : 'string'
    const json = `{"types":{"Note":[{"name":"tag","type":"uint256"},{"name":"text","type":"${field}"}]},"primaryType":"${where === 'primary' ? name : 'Note'}","domain":{},"message":{"tag":"${unique()}","text":${where === 'array' ? '[{}]' : '"x"'}}}`
    return new PageRequest('prototype', 'eth_signTypedData_v4', [SIGNER, json])
  })

const request = fc.oneof(
  { weight: 5, arbitrary: unsafeValid.map(([m, p]) => new PageRequest('unsafe', m, p)) },
  { weight: 1, arbitrary: prototypeTyped },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.constantFrom(...Policy.UNSAFE_METHODS), fc.jsonValue({ maxDepth: 3 }))
      .map(([method, params]) => new PageRequest('unsafe-random', method, [unique(), params])),
  },
  {
    weight: 1,
    arbitrary: fc
      .string({ maxLength: 40 })
      .map((text) => new PageRequest('wrong-signer', 'personal_sign', [hexOf(`${unique()}:${text}`), OTHER])),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom(...Policy.SAFE_METHODS),
        fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 3 }),
      )
      .filter(([method]) => method !== 'eth_accounts' && method !== 'eth_chainId')
      .map(([method, params]) => new PageRequest('safe', method, params)),
  },
  {
    weight: 1,
    arbitrary: fc
      .oneof(
        fc.string(),
        fc.constantFrom('eth_sign', 'hardhat_setBalance', 'personal_unlockAccount', '__proto__'),
      )
      .filter((method) => Policy.classify(method) === 'disallowed')
      .map((method) => new PageRequest('disallowed', method, [])),
  },
)

const commands = fc.commands(
  [
    request,
    fc.constantFrom(1 as const, 2 as const).map((times) => new Approve(times)),
    fc.constant(new Decline()),
    fc
      .tuple(fc.constantFrom('approve' as const, 'decline' as const), fc.nat())
      .map(([decision, pick]) => new ForgedDecision(decision, pick)),
    fc.constantFrom('rpcAbort' as const).map((how) => new Abort(how)),
  ],
  { maxCommands: 60, size: 'large' },
)
const withSignOut = fc.commands(
  [
    request,
    fc.constantFrom(1 as const, 2 as const).map((times) => new Approve(times)),
    fc.constant(new Decline()),
    fc.constantFrom('rpcAbort' as const, 'signOut' as const).map((how) => new Abort(how)),
  ],
  { maxCommands: 30 },
)

describe('approval model', () => {
  test('the vault signs an unsafe request only after an Approve of it, never when declined or aborted, never twice', async () => {
    let runs = 0
    let commandsRun = 0
    let vaultCalls = 0
    await fc.assert(
      fc.asyncProperty(
        fc.oneof({ weight: 4, arbitrary: commands }, { weight: 1, arbitrary: withSignOut }),
        async (cmds) => {
          runs++
          let real: Real | undefined
          await fc.asyncModelRun(() => {
            real = setup()
            const model: Model = {
              queue: [],
              ids: [],
              vault: [],
              expected: new Map(),
              next: 1,
              signedOut: false,
            }
            return { model, real }
          }, cmds)
          commandsRun += [...cmds].length
          vaultCalls += real?.vault.length ?? 0
          // Nothing was signed twice.
          expect(new Set(real?.vault).size).toBe(real?.vault.length)
        },
      ),
      { numRuns: 200, seed: 12 },
    )
    console.log(
      `approval model: ${runs} runs, ${commandsRun} commands, ${vaultCalls} vault calls, each after an Approve of its request; 0 otherwise`,
    )
  }, 120_000)
})
