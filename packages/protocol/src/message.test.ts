import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import * as Message from './message.js'

const greet = Message.define({
  params: z.strictObject({
    name: z.string().check(z.minLength(1)),
    tags: z.optional(z.array(z.enum(['a', 'b']))),
  }),
  result: z.strictObject({ greeting: z.string() }),
  timeoutMs: 50,
})

describe('PROTOCOL_VERSION', () => {
  test('is 1', () => {
    expect(Message.PROTOCOL_VERSION).toBe(1)
  })
})

describe('ErrorReply', () => {
  test('message, optional integer code and data', () => {
    expect(Message.ErrorReply.safeParse({ message: 'x' }).success).toBe(true)
    expect(Message.ErrorReply.safeParse({ message: 'x', code: 4001, data: [1] }).success).toBe(true)
    expect(Message.ErrorReply.safeParse({ message: 'x', code: 1.5 }).success).toBe(false)
    expect(Message.ErrorReply.safeParse({ code: 1 }).success).toBe(false)
    expect(Message.ErrorReply.safeParse({ message: 'x', stack: 'at ...' }).success).toBe(false)
  })
})

describe('NoParams', () => {
  test('nothing or an empty object', () => {
    expect(Message.NoParams.safeParse(undefined).success).toBe(true)
    expect(Message.NoParams.safeParse({}).success).toBe(true)
    expect(Message.NoParams.safeParse({ a: 1 }).success).toBe(false)
    expect(Message.NoParams.safeParse(null).success).toBe(false)
  })
})

describe('define', () => {
  test('the error reply defaults to ErrorReply; timeout kept', () => {
    expect(greet.error).toBe(Message.ErrorReply)
    expect(greet.timeoutMs).toBe(50)
    expect(Message.define({ params: Message.NoParams, result: Message.Ack }).timeoutMs).toBeUndefined()
  })
})

describe('end', () => {
  test('two ends mirror each other', () => {
    const a = { greet }
    const b = { ping: Message.define({ params: Message.NoParams, result: Message.Ack }) }
    const left = Message.end('test', a, b)
    const right = Message.end('test', b, a)
    expect(left.exposes).toBe(right.calls)
    expect(left.calls).toBe(right.exposes)
  })
})

describe('describeIssues', () => {
  test('names each field, at most 5 issues', () => {
    const result = z.safeParse(
      z.strictObject({
        a: z.string(),
        b: z.number(),
        c: z.boolean(),
        d: z.null(),
        e: z.string(),
        f: z.string(),
      }),
      {},
    )
    const text = Message.describeIssues('params', result.error!.issues)
    expect(text).toContain('params.a: expected string, got undefined')
    expect(text).toContain('and 1 more')
  })
})

describe('parseParams', () => {
  test('valid params', () => {
    expect(Message.parseParams('greet', greet, { name: 'Ada' })).toEqual({ ok: true, value: { name: 'Ada' } })
  })

  test('names the message and the field', () => {
    expect(Message.parseParams('greet', greet, { name: '' })).toEqual({
      ok: false,
      message: 'Invalid params for "greet": params.name: too small (minimum 1)',
    })
    expect(Message.parseParams('greet', greet, { name: 'a', tags: ['c'] })).toMatchObject({
      message: 'Invalid params for "greet": params.tags[0]: expected one of "a", "b"',
    })
    expect(Message.parseParams('greet', greet, { name: 'a', admin: true })).toMatchObject({
      message: 'Invalid params for "greet": params: unknown key "admin"',
    })
    expect(Message.parseParams('greet', greet, 'Ada')).toMatchObject({
      message: 'Invalid params for "greet": params: expected object, got string',
    })
  })

  test('custom messages are kept', () => {
    const def = Message.define({
      params: z.string().check(z.regex(/^0x/, 'must be hex')),
      result: Message.Ack,
    })
    expect(Message.parseParams('hex', def, 'zz')).toMatchObject({
      message: 'Invalid params for "hex": params: must be hex',
    })
  })
})

describe('parseResult', () => {
  test('validates the success reply', () => {
    expect(Message.parseResult('greet', greet, { greeting: 'hi' }).ok).toBe(true)
    expect(Message.parseResult('greet', greet, { greeting: 1 })).toMatchObject({
      message: 'Invalid reply for "greet": result.greeting: expected string, got number',
    })
  })
})

describe('parseError', () => {
  test('validates the error reply', () => {
    expect(Message.parseError('greet', greet, { message: 'no' }).ok).toBe(true)
    expect(Message.parseError('greet', greet, { message: 2 })).toMatchObject({
      message: 'Invalid error reply for "greet": error.message: expected string, got number',
    })
  })
})
