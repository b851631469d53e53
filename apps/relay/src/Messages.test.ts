import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import * as Messages from './Messages.js'

const TOPIC = 'a'.repeat(64)
const OTHER = 'b'.repeat(64)

describe('parse', () => {
  test('a publish keeps its 19-digit id and its params', () => {
    const text = `{"id":1712345678901234567,"jsonrpc":"2.0","method":"irn_publish","params":{"topic":"${TOPIC}","message":"abc","ttl":300,"tag":1108,"prompt":true,"correlationId":5}}`
    expect(Messages.parse(text)).toMatchObject({
      kind: 'request',
      id: '1712345678901234567',
      method: 'irn_publish',
      params: { topic: TOPIC, message: 'abc', ttl: 300, tag: 1108, prompt: true },
    })
  })

  test('a string id stays a string', () => {
    const frame = Messages.parse(
      `{"id":"1712345678901234567","method":"irn_subscribe","params":{"topic":"${TOPIC}"}}`,
    )
    expect(frame).toMatchObject({ kind: 'request', id: '"1712345678901234567"', method: 'irn_subscribe' })
  })

  test('the two session methods', () => {
    expect(
      Messages.parse(
        `{"id":1,"method":"wc_proposeSession","params":{"pairingTopic":"${TOPIC}","sessionProposal":"p","ttl":300}}`,
      ),
    ).toMatchObject({
      kind: 'request',
      method: 'wc_proposeSession',
      params: { pairingTopic: TOPIC, sessionProposal: 'p' },
    })
    expect(
      Messages.parse(
        `{"id":2,"method":"wc_approveSession","params":{"pairingTopic":"${TOPIC}","sessionTopic":"${OTHER}","sessionProposalResponse":"r","sessionSettlementRequest":"s"}}`,
      ),
    ).toMatchObject({ kind: 'request', method: 'wc_approveSession', params: { sessionTopic: OTHER } })
  })

  test('an ack is a response', () => {
    expect(Messages.parse('{"id":"1712345678901234567n","jsonrpc":"2.0","result":true}')).toEqual({
      kind: 'response',
      id: '"1712345678901234567n"',
      ok: true,
    })
  })

  test('bad JSON, bad frames, unknown methods and bad params get JSON-RPC errors', () => {
    expect(Messages.parse('{')).toMatchObject({ kind: 'invalid', id: 'null', error: { code: -32700 } })
    expect(Messages.parse('[1]')).toMatchObject({ kind: 'invalid', error: { code: -32600 } })
    expect(Messages.parse('{"id":7,"jsonrpc":"1.0","method":"irn_publish"}')).toMatchObject({
      kind: 'invalid',
      id: '7',
      error: { code: -32600 },
    })
    expect(Messages.parse('{"id":7,"method":"toString","params":{}}')).toMatchObject({
      id: '7',
      error: { code: -32601, message: 'Method not found: toString' },
    })
    expect(Messages.parse('{"id":7,"method":"irn_subscribe","params":{"topic":"xyz"}}')).toMatchObject({
      id: '7',
      error: { code: -32602, message: 'Invalid params: topic: topic must be 32 bytes of hex' },
    })
    expect(
      Messages.parse(`{"id":7,"method":"irn_publish","params":{"topic":"${TOPIC}","message":"m","ttl":-1}}`),
    ).toMatchObject({ error: { code: -32602 } })
  })

  test('topic batches are left to the relay (maxBatchTopics); a batch publish holds at most 500 messages', () => {
    const topics = (count: number) => JSON.stringify(Array.from({ length: count }, () => TOPIC))
    expect(
      Messages.parse(`{"id":1,"method":"irn_batchSubscribe","params":{"topics":${topics(501)}}}`).kind,
    ).toBe('request')
    const messages = (count: number) =>
      JSON.stringify(Array.from({ length: count }, () => ({ topic: TOPIC, message: 'm', ttl: 300 })))
    expect(
      Messages.parse(`{"id":1,"method":"irn_batchPublish","params":{"messages":${messages(500)}}}`).kind,
    ).toBe('request')
    expect(
      Messages.parse(`{"id":1,"method":"irn_batchPublish","params":{"messages":${messages(501)}}}`).kind,
    ).toBe('invalid')
  })
})

describe('publishParams', () => {
  const field = <T>(valid: fc.Arbitrary<T>) =>
    fc.oneof(valid, fc.constant(undefined), fc.jsonValue(), fc.constant(Number.NaN), fc.constant(2 ** 60))
  const params = fc.record(
    {
      topic: field(fc.constantFrom(TOPIC, TOPIC.toUpperCase(), `${TOPIC}0`, 'xyz', '')),
      message: field(fc.string()),
      ttl: field(fc.integer({ min: -5, max: 2_592_000 })),
      prompt: field(fc.boolean()),
      tag: field(fc.integer({ min: -5, max: 1200 })),
      attestation: field(fc.string({ maxLength: 9000 })),
      extra: fc.jsonValue(),
    },
    { requiredKeys: [] },
  )

  test('accepts exactly what the zod schema accepts', () => {
    fc.assert(
      fc.property(fc.oneof(params, fc.jsonValue()), (value) => {
        expect(Messages.publishParams(value) !== undefined).toBe(
          Messages.PublishParams.safeParse(value).success,
        )
      }),
      { numRuns: 2000 },
    )
  })

  test('an invalid publish still gets zod’s error message', () => {
    expect(
      Messages.parse(`{"id":1,"method":"irn_publish","params":{"topic":"${TOPIC}","message":"","ttl":300}}`),
    ).toMatchObject({ kind: 'invalid', error: { code: -32602, message: expect.stringContaining('message') } })
  })
})
