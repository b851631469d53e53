import * as Errors from '@frontdoor/protocol/errors'
import { describe, expect, test } from 'vitest'
import * as Calls from './Calls.js'

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const BATCH = {
  version: '2.0.0',
  chainId: '0x7a69',
  from: FROM,
  atomicRequired: false,
  calls: [{ to: FROM, value: '0x1' }],
}

/** A wallet's `send` that records what it was sent and answers `answer` (or throws it). */
function wallet(answer: { result: unknown } | { error: unknown }) {
  const sent: unknown[][] = []
  const send = async (params: unknown[]) => {
    sent.push(params)
    if ('error' in answer) throw answer.error
    return answer.result
  }
  return { sent, send }
}

describe('request', () => {
  test('checked params reach the wallet; its answer reaches the page as it gave it', async () => {
    const w = wallet({ result: { id: '0xb47c4' } })
    await expect(Calls.request('wallet_sendCalls', [BATCH], w.send)).resolves.toEqual({ id: '0xb47c4' })
    expect(w.sent).toEqual([[BATCH]])
  })

  test('bad params: -32602 and the wallet is not asked', async () => {
    const w = wallet({ result: null })
    await expect(
      Calls.request('wallet_sendCalls', [{ ...BATCH, chainId: 31337 }], w.send),
    ).rejects.toMatchObject({ code: -32602, data: { field: '0.chainId' } })
    expect(w.sent).toEqual([])
  })

  test.each([
    [-32601, 'Method not found'],
    [4200, 'Unsupported method'],
  ])("the wallet's %i: 4200 with the one standard message", async (code, message) => {
    const w = wallet({ error: Object.assign(new Error(message), { code }) })
    const error = await Calls.request('wallet_getCallsStatus', ['0x01'], w.send).catch((e) => e)
    expect(error).toBeInstanceOf(Errors.ProviderRpcError)
    expect(error).toMatchObject({
      code: 4200,
      message: 'The Provider does not support the requested method.',
      data: { method: 'wallet_getCallsStatus' },
    })
  })

  test("the wallet's other errors (rejected, EIP-5792's own) pass unchanged", async () => {
    const rejected = Object.assign(new Error('User rejected the request.'), { code: 4001 })
    await expect(Calls.request('wallet_sendCalls', [BATCH], wallet({ error: rejected }).send)).rejects.toBe(
      rejected,
    )
    const atomicity = { code: 5760, message: 'Atomicity not supported' }
    await expect(
      Calls.request(
        'wallet_sendCalls',
        [{ ...BATCH, atomicRequired: true }],
        wallet({ error: atomicity }).send,
      ),
    ).rejects.toBe(atomicity)
  })

  test('a wallet known not to support the method: 4200 at once, the wallet not asked', async () => {
    const w = wallet({ result: {} })
    await expect(Calls.request('wallet_getCapabilities', [FROM], w.send, false)).rejects.toMatchObject({
      code: 4200,
    })
    expect(w.sent).toEqual([])
    // Bad params are still -32602 first.
    await expect(Calls.request('wallet_getCapabilities', ['me'], w.send, false)).rejects.toMatchObject({
      code: -32602,
    })
  })

  test('wallet_showCallsStatus goes to an external wallet that supports it (it shows its own); 4200 otherwise', async () => {
    const shows = wallet({ result: null })
    await expect(Calls.request('wallet_showCallsStatus', ['0xb47c4'], shows.send)).resolves.toBeNull()
    expect(shows.sent).toEqual([['0xb47c4']])
    const plain = wallet({ error: Object.assign(new Error('Method not found'), { code: -32601 }) })
    await expect(Calls.request('wallet_showCallsStatus', ['0xb47c4'], plain.send)).rejects.toMatchObject({
      code: 4200,
      data: { method: 'wallet_showCallsStatus' },
    })
    await expect(Calls.request('wallet_showCallsStatus', [], shows.send)).rejects.toMatchObject({
      code: -32602,
    })
  })
})
