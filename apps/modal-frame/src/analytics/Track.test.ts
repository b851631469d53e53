import { EVENT } from '@frontdoor/schemas/api/analytics'
import { describe, expect, test, vi } from 'vitest'
import * as Track from './Track.js'

const USER = '0x52908400098527886E0F7030069857D2E4169EE7'

describe('track and attach', () => {
  test('events recorded before the client are handed over first, then go straight to it', () => {
    Track.track(EVENT.MODAL_OPEN, { view: 'Connect' })
    const seen: unknown[] = []
    Track.attach({ track: (event, properties) => void seen.push([event, properties]) })
    expect(seen).toEqual([['MODAL_OPEN', { view: 'Connect' }]])
    Track.track(EVENT.MODAL_CLOSE)
    expect(seen).toEqual([
      ['MODAL_OPEN', { view: 'Connect' }],
      ['MODAL_CLOSE', undefined],
    ])
  })
})

describe('report', () => {
  test('error reports filed before the client go to it once it attaches, then straight to it', async () => {
    vi.resetModules()
    const Fresh = await import('./Track.js')
    const reports: unknown[] = []
    Fresh.report({ name: 'FrameError', message: 'iframe_load_failed', kind: 'frame' })
    Fresh.attach({ track: () => {}, report: (error, where) => reports.push([error, where]) > 0 })
    Fresh.report({ name: 'FrameError', message: 'iframe_request_timeout', kind: 'frame' })
    expect(reports).toEqual([
      [
        { name: 'FrameError', message: 'iframe_load_failed' },
        { source: 'modal', kind: 'frame' },
      ],
      [
        { name: 'FrameError', message: 'iframe_request_timeout' },
        { source: 'modal', kind: 'frame' },
      ],
    ])
  })
})

describe('kindOf', () => {
  test('reads the stored connector id', () => {
    expect(Track.kindOf('injected:io.metamask')).toBe('injected')
    expect(Track.kindOf('walletConnect:abc')).toBe('walletConnect')
    expect(Track.kindOf('embedded')).toBe('embedded')
    expect(Track.kindOf('other')).toBeUndefined()
    expect(Track.kindOf(undefined)).toBeUndefined()
  })
})

describe('outcome', () => {
  function recorded(run: () => void) {
    const seen: unknown[] = []
    Track.attach({ track: (event, properties) => void seen.push([event, properties]) })
    run()
    return seen
  }

  test('a success: the connector kind, the chain and the extra props', () => {
    expect(
      recorded(() =>
        Track.outcome(EVENT.SEND_SUCCESS, { connectorId: 'embedded', chainId: 31337 }, { token: 'FUSD' }),
      ),
    ).toEqual([['SEND_SUCCESS', { kind: 'embedded', chainId: 31337, token: 'FUSD' }]])
  })

  test("a failure says whether the wallet's user declined, never the error's text", () => {
    const where = { connectorId: `injected:io.metamask`, chainId: 1 }
    const declined = Object.assign(new Error(`User ${USER} rejected`), { code: 4001 })
    const seen = recorded(() => {
      Track.outcome(EVENT.SWAP_ERROR, where, { step: 'swap' }, declined)
      Track.outcome(EVENT.SIWX_ERROR, where, {}, new Error('nonce too low'))
    })
    expect(seen).toEqual([
      ['SWAP_ERROR', { kind: 'injected', chainId: 1, step: 'swap', declined: true }],
      ['SIWX_ERROR', { kind: 'injected', chainId: 1, declined: false }],
    ])
    expect(JSON.stringify(seen)).not.toContain(USER.slice(2, 10))
  })

  test('no connection: neither kind nor chain', () => {
    expect(
      recorded(() => Track.outcome(EVENT.SIWX_SUCCESS, { connectorId: undefined, chainId: undefined })),
    ).toEqual([['SIWX_SUCCESS', {}]])
  })
})
