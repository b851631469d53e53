import { describe, expect, test } from 'vitest'
import * as Approval from './Approval.js'

const request = { method: 'personal_sign', params: ['0x00'], chainId: 31337, address: '0xabc' }

describe('create', () => {
  test('one request on screen at a time; the vault is asked only on approve', async () => {
    const approval = Approval.create()
    const asked: string[] = []
    const first = approval.ask(request, async () => {
      asked.push('first')
      return '0xsig1'
    })
    const second = approval.ask({ ...request, method: 'eth_sendTransaction' }, async () => {
      asked.push('second')
      return '0xhash'
    })
    expect(approval.get()).toMatchObject({
      current: { method: 'personal_sign', status: 'waiting' },
      queued: 1,
    })
    expect(asked).toEqual([])
    approval.approve(approval.get().current!.id)
    expect(approval.get().current?.status).toBe('working')
    expect(await first).toBe('0xsig1')
    expect(approval.get()).toMatchObject({ current: { method: 'eth_sendTransaction' }, queued: 0 })
    approval.approve(approval.get().current!.id)
    expect(await second).toBe('0xhash')
    expect(asked).toEqual(['first', 'second'])
    expect(approval.get().current).toBeUndefined()
  })

  test("decline: 4001 'Signature declined', and the vault is never asked", async () => {
    const approval = Approval.create()
    let asked = false
    const outcome = approval.ask(request, async () => {
      asked = true
    })
    approval.decline(approval.get().current!.id)
    await expect(outcome).rejects.toMatchObject({ code: 4001, message: 'Signature declined' })
    expect(asked).toBe(false)
  })

  test('a stale or unknown id changes nothing; a working request cannot be declined', async () => {
    const approval = Approval.create()
    const outcome = approval.ask(request, () => new Promise((resolve) => setTimeout(() => resolve('ok'), 10)))
    const id = approval.get().current!.id
    approval.approve(id + 1)
    approval.decline(id + 1)
    expect(approval.get().current?.status).toBe('waiting')
    approval.approve(id)
    approval.decline(id)
    expect(await outcome).toBe('ok')
  })

  test("abort: every waiting request rejects with 'Request was aborted'", async () => {
    const approval = Approval.create()
    const a = approval.ask(request, async () => 'a')
    const b = approval.ask(request, async () => 'b')
    const states: number[] = []
    approval.subscribe((s) => states.push(s.queued))
    approval.abort()
    await expect(a).rejects.toMatchObject({ code: 4001, message: 'Request was aborted' })
    await expect(b).rejects.toMatchObject({ message: 'Request was aborted' })
    expect(approval.get().current).toBeUndefined()
    expect(states.length).toBe(1)
  })
})
