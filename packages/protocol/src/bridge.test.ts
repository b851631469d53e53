import * as fc from 'fast-check'
import { PenpalError } from 'penpal'
import { describe, expect, test, vi } from 'vitest'
import * as z from 'zod/mini'
import * as Bridge from './bridge.js'
import * as HostModal from './host-modal.js'
import * as Message from './message.js'
import * as Timeouts from './timeouts.js'

const definitions = {
  greet: Message.define({
    params: z.strictObject({ name: z.string().check(z.minLength(1)) }),
    result: z.string(),
  }),
  ping: Message.define({ params: Message.NoParams, result: Message.Ack, timeoutMs: 50 }),
  request: HostModal.ModalMessages.request,
}

/** Two ends in one process: the caller's transport calls the exposed methods directly (no window). */
function loopback(handlers: Bridge.Handlers<typeof definitions>, options: Bridge.ExposeOptions = {}) {
  const methods = Bridge.expose(definitions, handlers, { origin: () => 'http://localhost:5173', ...options })
  const sent: { name: string; args: unknown[]; timeoutMs: number }[] = []
  const transport: Bridge.Transport = (name, args, timeoutMs) => {
    sent.push({ name, args, timeoutMs })
    return methods[name]!(...structuredClone(args))
  }
  return { methods, sent, remote: Bridge.remote(definitions, transport) }
}

const handlers = () => ({
  greet: vi.fn(
    ({ name }: { name: string }, { origin }: { origin: string }) => `hello ${name} from ${origin}`,
  ),
  ping: vi.fn(() => {}),
  request: vi.fn(async ({ method }: { method: string }) => {
    if (method === 'eth_chainId') return '0x7a69'
    throw Object.assign(new Error('The user rejected the request.'), { code: 4001, data: { method } })
  }),
})

describe('remote', () => {
  test('calls with validated params and returns the validated reply', async () => {
    const h = handlers()
    const { remote, sent } = loopback(h)
    await expect(remote.greet({ name: 'Ada' })).resolves.toBe('hello Ada from http://localhost:5173')
    await expect(remote.ping()).resolves.toBeUndefined()
    await expect(remote.request({ id: 1, method: 'eth_chainId' })).resolves.toBe('0x7a69')
    expect(sent.map(({ name, timeoutMs }) => [name, timeoutMs])).toEqual([
      ['greet', Timeouts.DEFAULT_CALL_TIMEOUT_MS],
      ['ping', 50],
      ['request', Timeouts.NO_TIMEOUT],
    ])
  })

  test('invalid params are refused before sending', async () => {
    const { remote, sent } = loopback(handlers())
    const error = await remote.greet({ name: '' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Bridge.BridgeError)
    expect(error).toMatchObject({ reason: 'invalid_params', messageName: 'greet' })
    expect((error as Error).message).toBe('Invalid params for "greet": params.name: too small (minimum 1)')
    expect(sent).toEqual([])
  })

  test('an error reply becomes a RemoteError with code and data', async () => {
    const { remote } = loopback(handlers())
    const error = await remote.request({ id: 2, method: 'personal_sign' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Bridge.RemoteError)
    expect(error).toMatchObject({
      code: 4001,
      message: 'The user rejected the request.',
      data: { method: 'personal_sign' },
      messageName: 'request',
    })
  })

  test('the timeout can be overridden per call', async () => {
    const { remote, sent } = loopback(handlers())
    await remote.ping(undefined, { timeoutMs: 5 })
    expect(sent[0]?.timeoutMs).toBe(5)
  })

  test('transport failures are BridgeErrors: timeout, destroyed, transport', async () => {
    const fail = (error: unknown) => Bridge.remote(definitions, () => Promise.reject(error))
    await expect(fail(new PenpalError('METHOD_CALL_TIMEOUT', 'x')).ping()).rejects.toMatchObject({
      reason: 'timeout',
      message: '"ping" got no reply within 50 ms',
    })
    await expect(fail(new PenpalError('CONNECTION_DESTROYED', 'x')).ping()).rejects.toMatchObject({
      reason: 'destroyed',
    })
    await expect(fail(new Error('DataCloneError')).ping()).rejects.toMatchObject({ reason: 'transport' })
  })

  test('an invalid reply from the peer is refused', async () => {
    const peer = (reply: unknown) => Bridge.remote(definitions, async () => reply)
    await expect(peer({ result: 42 }).greet({ name: 'a' })).rejects.toMatchObject({
      reason: 'invalid_reply',
      message: 'Invalid reply for "greet": result: expected string, got number',
    })
    await expect(peer('hi').greet({ name: 'a' })).rejects.toMatchObject({ reason: 'invalid_reply' })
    await expect(peer({ result: 'a', error: { message: 'b' } }).greet({ name: 'a' })).rejects.toMatchObject({
      reason: 'invalid_reply',
    })
    await expect(
      peer({ error: { message: 'no code' } }).request({ id: 1, method: 'eth_call' }),
    ).rejects.toMatchObject({
      reason: 'invalid_reply',
      message: 'Invalid error reply for "request": error.code: expected number, got undefined',
    })
  })
})

describe('expose', () => {
  test('invalid params never reach the handler; the error names the message and the field', async () => {
    const h = handlers()
    const onInvalid = vi.fn()
    const { methods } = loopback(h, { onInvalid })
    await expect(methods.greet!({ name: 42 })).resolves.toEqual({
      error: {
        code: -32602,
        message: 'Invalid params for "greet": params.name: expected string, got number',
      },
    })
    await expect(methods.greet!({ name: 'a' }, 'extra')).resolves.toMatchObject({
      error: { message: 'Invalid params for "greet": expected one argument, got 2' },
    })
    await expect(methods.request!({ id: 1, method: 'eth_call', admin: true })).resolves.toMatchObject({
      error: { message: 'Invalid params for "request": params: unknown key "admin"' },
    })
    expect(h.greet).not.toHaveBeenCalled()
    expect(h.request).not.toHaveBeenCalled()
    expect(onInvalid).toHaveBeenCalledTimes(3)
    expect(onInvalid.mock.calls[0]?.[0]).toMatchObject({ reason: 'invalid_params', messageName: 'greet' })
  })

  test('fuzz: random params never crash and never reach the handler unless valid', async () => {
    const h = handlers()
    const { methods } = loopback(h)
    await fc.assert(
      fc.asyncProperty(fc.constantFrom('greet', 'request'), fc.anything(), async (name, params) => {
        const calls = h.greet.mock.calls.length + h.request.mock.calls.length
        const reply = await methods[name]!(params)
        const valid = z.safeParse(definitions[name as 'greet'].params, params).success
        expect(h.greet.mock.calls.length + h.request.mock.calls.length).toBe(calls + (valid ? 1 : 0))
        expect(Object.keys(reply)).toHaveLength(1)
      }),
      { numRuns: 100 },
    )
  })

  test('calls before the handshake are refused', async () => {
    const h = handlers()
    const { methods } = loopback(h, { isReady: () => false })
    await expect(methods.ping!()).resolves.toMatchObject({
      error: { message: '"ping" called before the handshake' },
    })
    expect(h.ping).not.toHaveBeenCalled()
  })

  test('a handler result that breaks its schema is an error reply', async () => {
    const { methods } = loopback({ ...handlers(), greet: () => 42 as unknown as string })
    await expect(methods.greet!({ name: 'a' })).resolves.toEqual({
      error: { message: 'Invalid reply for "greet": result: expected string, got number' },
    })
  })

  test('no prototype methods are exposed', () => {
    const { methods } = loopback(handlers())
    expect(Object.keys(methods).sort()).toEqual(['greet', 'ping', 'request'])
    expect((methods as Record<string, unknown>).constructor).toBeUndefined()
    expect((methods as Record<string, unknown>).toString).toBeUndefined()
  })

  test('a missing handler is a programming error', () => {
    const { greet: _, ...rest } = handlers()
    expect(() => Bridge.expose(definitions, rest as never)).toThrow('No handler for message "greet"')
  })
})

describe('toErrorReply', () => {
  test('keeps message, integer code and data', () => {
    const error = Object.assign(new Error('nope'), { code: 4100, data: 1 })
    expect(Bridge.toErrorReply('greet', definitions.greet, error)).toEqual({
      code: 4100,
      message: 'nope',
      data: 1,
    })
    expect(Bridge.toErrorReply('greet', definitions.greet, 'plain')).toEqual({ message: 'plain' })
  })

  test("an empty message is 'An error occurred'", () => {
    expect(Bridge.toErrorReply('greet', definitions.greet, new Error(''))).toEqual({
      message: 'An error occurred',
    })
    expect(Bridge.toErrorReply('greet', definitions.greet, undefined)).toEqual({
      message: 'An error occurred',
    })
  })

  test('an RPC error without a code becomes an internal error (-32603)', () => {
    expect(Bridge.toErrorReply('request', definitions.request, new Error('boom'))).toEqual({
      code: -32603,
      message: 'boom',
    })
  })
})

describe('readReply', () => {
  test('result, or a RemoteError', () => {
    expect(Bridge.readReply('greet', definitions.greet, { result: 'x' })).toBe('x')
    expect(() => Bridge.readReply('greet', definitions.greet, { error: { message: 'no', code: 1 } })).toThrow(
      Bridge.RemoteError,
    )
  })
})

describe('versionMismatchMessage', () => {
  test('says both versions', () => {
    expect(
      Bridge.versionMismatchMessage(
        { channel: 'frontdoor:host-modal', version: 1 },
        { channel: 'frontdoor:host-modal', version: 2 },
      ),
    ).toBe(
      'Frontdoor protocol mismatch on "frontdoor:host-modal": this end speaks version 1, the peer speaks version 2. Load the same Frontdoor release on both ends.',
    )
  })
})

describe('connect', () => {
  test("refuses '*' before touching any window", () => {
    expect(() =>
      Bridge.connect({
        remoteWindow: {} as Window,
        allowedOrigins: ['*'],
        end: HostModal.host,
        handlers: {} as never,
      }),
    ).toThrow(TypeError)
  })
})
