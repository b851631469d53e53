import { describe, expect, test } from 'vitest'
import * as Router from './Router.js'

describe('create', () => {
  test('starts on Connect with no history', () => {
    const router = Router.create()
    expect(router.get()).toEqual({ view: 'Connect', data: undefined, history: [], transactionStack: [] })
  })

  test('push and goBack walk the history; goBack at the root does nothing', () => {
    const router = Router.create()
    router.push('AllWallets')
    router.push('ConnectingExternal', { rdns: 'w1', name: 'W1' })
    expect(router.get().view).toBe('ConnectingExternal')
    expect(router.get().data).toEqual({ rdns: 'w1', name: 'W1' })
    router.goBack()
    expect(router.get().view).toBe('AllWallets')
    router.goBack()
    router.goBack()
    expect(router.get().view).toBe('Connect')
    expect(router.get().history).toEqual([])
  })

  test('replace keeps the history; reset clears it', () => {
    const router = Router.create()
    router.push('AllWallets')
    router.replace('ConnectingWalletConnect')
    expect(router.get().history.map((h) => h.view)).toEqual(['Connect'])
    router.reset('Account')
    expect(router.get()).toMatchObject({ view: 'Account', history: [] })
  })

  test('popTransaction goes back while transactions remain and says close when the stack empties', () => {
    const router = Router.create('Account')
    router.pushTransaction('ApproveTransaction', { method: 'eth_sign1' })
    router.pushTransaction('ApproveTransaction', { method: 'eth_sign2' })
    expect(router.popTransaction()).toBe('back')
    expect(router.get()).toMatchObject({ view: 'ApproveTransaction', data: { method: 'eth_sign1' } })
    expect(router.popTransaction()).toBe('close')
    expect(router.get().transactionStack).toEqual([])
  })

  test('notifies subscribers on change only', () => {
    const router = Router.create()
    let calls = 0
    const off = router.subscribe(() => calls++)
    router.goBack()
    router.push('AllWallets')
    off()
    router.push('Connect')
    expect(calls).toBe(1)
  })
})

describe('isView', () => {
  test('knows the spec views', () => {
    expect(Router.VIEWS).toContain('RegisterAccountNameSuccess')
    expect(Router.isView('Connect')).toBe(true)
    expect(Router.isView('Nope')).toBe(false)
  })
})

describe('typed calls', () => {
  test('the data a view is pushed with is checked against its route at compile time', () => {
    const router = Router.create()
    // @ts-expect-error EmailLogin needs the email the Connect view took
    router.push('EmailLogin')
    // @ts-expect-error an injected wallet is named by its rdns, not by a `wallet` field
    router.push('ConnectingExternal', { wallet: 'w1' })
    // @ts-expect-error Account is opened with no data
    router.push('Account', { address: '0x1' })
    router.push('EmailLogin', { email: 'a@example.com' })
    expect(router.get().history.map((entry) => entry.view)).toEqual([
      'Connect',
      'EmailLogin',
      'ConnectingExternal',
      'Account',
    ])
  })
})
