import { describe, expect, test } from 'vitest'
import type * as Connection from '../connection/Connection.js'
import * as Modal from '../modal/Modal.js'
import * as Router from '../router/Router.js'
import * as Store from '../store/Store.js'
import * as Analytics from './Analytics.js'

const session = (chainId: number) => ({
  accounts: ['0x52908400098527886E0F7030069857D2E4169EE7' as const],
  chainId,
  wallet: { id: 'io.metamask', name: 'MetaMask' },
})

function setup() {
  const modal = Modal.create()
  const router = Router.create()
  const connection = Store.create<Connection.State>({
    status: 'disconnected',
    connectorId: undefined,
    session: undefined,
    recent: [],
  })
  const events: [string, Record<string, unknown> | undefined][] = []
  const stop = Analytics.follow({ modal, router, connection }, (event, props) => events.push([event, props]))
  return { modal, router, connection, events, stop }
}

describe('follow', () => {
  test('the funnel of an injected connect: opened, method chosen, attempt, success, closed', () => {
    const { modal, router, connection, events } = setup()
    expect(events).toEqual([])
    modal.open()
    router.push('ConnectingExternal', { rdns: 'io.metamask', name: 'MetaMask' })
    connection.set((s) => ({ ...s, status: 'connecting' }))
    connection.set((s) => ({
      ...s,
      status: 'connected',
      connectorId: 'injected:io.metamask',
      session: session(1),
    }))
    modal.close()
    expect(events).toEqual([
      ['MODAL_OPEN', { view: 'Connect' }],
      ['SELECT_METHOD', { method: 'injected', kind: 'injected', wallet: 'io.metamask' }],
      ['CONNECT_ATTEMPT', { method: 'injected', kind: 'injected', wallet: 'io.metamask' }],
      ['CONNECT_SUCCESS', { method: 'injected', kind: 'injected', wallet: 'io.metamask', chainId: 1 }],
      ['MODAL_CLOSE', { connected: true }],
    ])
  })

  test('a failed or abandoned connect is CONNECT_ERROR; a reconnect on start counts nothing', () => {
    const { router, connection, events } = setup()
    connection.set((s) => ({ ...s, status: 'reconnecting' }))
    connection.set((s) => ({ ...s, status: 'disconnected' }))
    expect(events).toEqual([])
    router.push('ConnectingWalletConnect', { id: 'wallet-1', name: 'Wallet One' })
    connection.set((s) => ({ ...s, status: 'connecting' }))
    connection.set((s) => ({ ...s, status: 'disconnected' }))
    expect(events.slice(1)).toEqual([
      ['CONNECT_ATTEMPT', { method: 'walletConnect', kind: 'walletConnect', wallet: 'wallet-1' }],
      ['CONNECT_ERROR', { method: 'walletConnect', kind: 'walletConnect', wallet: 'wallet-1' }],
    ])
  })

  test('a network switch of the same connection; a stopped follower records nothing', () => {
    const { connection, events, stop } = setup()
    connection.set((s) => ({
      ...s,
      status: 'connected',
      connectorId: 'walletConnect:abc',
      session: session(1),
    }))
    connection.set((s) => ({ ...s, session: session(137) }))
    expect(events).toEqual([['SWITCH_NETWORK', { from: 1, to: 137, kind: 'walletConnect' }]])
    stop()
    connection.set((s) => ({ ...s, session: session(1) }))
    expect(events).toHaveLength(1)
  })
})

describe('choiceOf', () => {
  test('names the method, never the email', () => {
    expect(Analytics.choiceOf('EmailLogin', { email: 'a@b.co' })).toEqual({
      method: 'email',
      kind: 'embedded',
    })
    expect(Analytics.choiceOf('ConnectingExternal', { social: 'google', name: 'Google' })).toEqual({
      method: 'social',
      kind: 'embedded',
      wallet: 'google',
    })
    expect(Analytics.choiceOf('ConnectingFarcaster', undefined)).toEqual({
      method: 'farcaster',
      kind: 'embedded',
    })
    expect(Analytics.choiceOf('ConnectingWalletConnectBasic', undefined)).toEqual({
      method: 'walletConnect',
      kind: 'walletConnect',
    })
    expect(Analytics.choiceOf('Account', undefined)).toBeUndefined()
  })
})
