// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import * as Track from '../analytics/Track.js'
import * as ConnectionStorage from '../connection/Storage.js'
import * as TestPeer from '../connectors/embedded/testPeer.js'
import type * as Env from '../env/Env.js'
import * as Router from '../router/Router.js'
import * as Toast from '../ui/Toast.js'
import * as Connections from './Connections.js'
import * as State from './State.js'

/**
 * The embedded wallet's frame failing, as the visitor and the project see it (spec section 8): the
 * alert shown (the modal opened for it) and an error report filed for `POST /e`. The auth frame is the
 * unit tests' stand-in peer (testPeer.ts: the real bridge code without windows), one that never shakes
 * hands or never answers a login; e2e/analytics/alerts holds the real frame's requests.
 */

let peer: Partial<TestPeer.AuthHandlers> = {}
let peerOptions: TestPeer.PeerOptions = {}
vi.mock('@frontdoor/protocol/bridge', async (original) => ({
  ...(await original<typeof import('@frontdoor/protocol/bridge')>()),
  connect: (options: never) => TestPeer.connect(peer, peerOptions)(options),
}))

const ENV: Env.Env = {
  projectId: 'p1',
  mode: 'modal',
  apiUrl: 'http://127.0.0.1:9',
  relayUrl: 'ws://127.0.0.1:9',
  authUrl: 'http://127.0.0.1:9',
  allowedOrigins: [],
  originsError: undefined,
  embedder: undefined,
}

function setup() {
  const state = State.create(ENV, [])
  const backend = ConnectionStorage.switchable()
  let open = false
  const connections = Connections.create({
    env: ENV,
    state,
    router: Router.create(),
    storage: ConnectionStorage.create(backend),
    backend,
    host: () => undefined,
    ui: {
      show: () => {
        open = true
      },
      isOpen: () => open,
      close: () => {
        open = false
      },
      requestClose: () => {
        open = false
      },
    },
  })
  return { state, connections, isOpen: () => open }
}

describe("the embedded wallet's frame failing", () => {
  beforeEach(() => {
    vi.useFakeTimers()
    Toast.frame.hide()
  })
  afterEach(() => {
    vi.useRealTimers()
    vi.restoreAllMocks()
    document.body.replaceChildren()
  })

  test('a frame that never loads: after 20 s the alert shows and the failure is reported', async () => {
    peer = {}
    peerOptions = { silent: true }
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const reports: unknown[] = []
    Track.attach({ track: () => {}, report: (error, where) => reports.push({ ...error, ...where }) > 0 })
    const { state, connections, isOpen } = setup()
    const embedded = await connections.embedded.get()
    embedded.preload()
    await vi.advanceTimersByTimeAsync(19_900)
    // Before: loading, nothing said yet.
    expect(isOpen()).toBe(false)
    expect(reports).toEqual([])
    await vi.advanceTimersByTimeAsync(200)
    expect(isOpen()).toBe(true)
    expect(state.get().toasts).toBe(true)
    await vi.waitFor(() =>
      expect(Toast.frame.get()).toMatchObject({
        message: 'Network Error - Could not load embedded wallet',
        variant: 'error',
      }),
    )
    expect(errors).toHaveBeenCalledWith(
      'frontdoor: There was an issue loading the embedded wallet. Please try again later.',
    )
    expect(reports).toEqual([
      { name: 'FrameError', message: 'iframe_load_failed', source: 'modal', kind: 'frame' },
    ])
  })

  test('a login the frame never answers: after 120 s the alert shows and the failure is reported', async () => {
    peer = { connectEmail: () => new Promise(() => {}) }
    peerOptions = {}
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const reports: unknown[] = []
    Track.attach({ track: () => {}, report: (error, where) => reports.push({ ...error, ...where }) > 0 })
    const { connections, isOpen } = setup()
    const embedded = await connections.embedded.get()
    const sending = embedded.sendEmailOtp('ada@example.com')
    const failed = expect(sending).rejects.toMatchObject({ message: 'Something went wrong' })
    await vi.advanceTimersByTimeAsync(119_000)
    // Before: the request is still pending, nothing said.
    expect(isOpen()).toBe(false)
    expect(reports).toEqual([])
    await vi.advanceTimersByTimeAsync(2_000)
    await failed
    expect(isOpen()).toBe(true)
    await vi.waitFor(() =>
      expect(Toast.frame.get()).toMatchObject({
        message: 'Embedded Wallet Request Timed Out',
        variant: 'error',
      }),
    )
    expect(errors).toHaveBeenCalledWith(
      'frontdoor: There was an issue doing the request to the embedded wallet. Please try again later.',
    )
    expect(reports).toEqual([
      { name: 'FrameError', message: 'iframe_request_timeout', source: 'modal', kind: 'frame' },
    ])
  })
})
