import { describe, expect, test, vi } from 'vitest'
import * as Router from '../router/Router.js'
import * as ShowCallsStatus from './ShowCallsStatus.js'

describe('ShowCallsStatus.show (wallet_showCallsStatus of the embedded wallet)', () => {
  test('asks the batch first, then shows CallsStatus on it and opens the modal; answers null', async () => {
    const router = Router.create('Account')
    const open = vi.fn()
    const status = vi.fn(async () => ({ status: 200 }))
    expect(await ShowCallsStatus.show(['0x12'], { status, router, open })).toBeNull()
    expect(status).toHaveBeenCalledWith('0x12')
    expect(router.get()).toMatchObject({ view: 'CallsStatus', data: { id: '0x12' } })
    expect(open).toHaveBeenCalledTimes(1)
  })

  test("bad params are -32602; the wallet's refusal of the id (5730) opens nothing", async () => {
    const router = Router.create('Account')
    const open = vi.fn()
    const status = vi.fn(async () => {
      throw Object.assign(new Error('Unknown bundle id'), { code: 5730 })
    })
    for (const params of [[], [''], [1], ['0x1', '0x2']])
      await expect(ShowCallsStatus.show(params, { status, router, open })).rejects.toMatchObject({
        code: -32602,
      })
    expect(status).not.toHaveBeenCalled()
    await expect(ShowCallsStatus.show(['0x1'], { status, router, open })).rejects.toMatchObject({
      code: 5730,
    })
    expect(router.get().view).toBe('Account')
    expect(open).not.toHaveBeenCalled()
  })
})
