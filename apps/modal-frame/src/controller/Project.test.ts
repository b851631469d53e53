import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, test } from 'vitest'
import * as Project from './Project.js'
import * as State from './State.js'

const WALLET = { id: 'w1', name: 'Wallet One', chains: ['eip155:1'], image_id: 'i1' }

/** A stand-in of the API's two project reads, answering from `routes` by path (404 otherwise). */
async function api(routes: Record<string, { status: number; body: unknown }>) {
  const server: Server = createServer((request, response) => {
    const route = routes[new URL(request.url ?? '/', 'http://x').pathname]
    response.writeHead(route?.status ?? 404, { 'content-type': 'application/json' })
    response.end(JSON.stringify(route?.body ?? {}))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  servers.push(server)
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}
const servers: Server[] = []
afterEach(() => {
  for (const server of servers.splice(0)) server.close()
})

function setup(apiUrl: string) {
  const state = State.create({ projectId: 'p1' }, [])
  const calls = { warnings: [] as string[] }
  const options: Project.Options = {
    apiUrl,
    projectId: 'p1',
    state,
    warn: (message) => calls.warnings.push(message),
  }
  return { state, calls, options }
}

describe('load', () => {
  test('the remote config wins over local options (with the warning), then the wallets arrive', async () => {
    const apiUrl = await api({
      '/appkit/v1/config': {
        status: 200,
        body: {
          features: [
            { id: 'social_login', isEnabled: true, config: ['email', 'google'] },
            { id: 'activity', isEnabled: false },
          ],
        },
      },
      '/getWallets': { status: 200, body: { data: [WALLET], count: 1 } },
    })
    const { state, calls, options } = setup(apiUrl)
    expect(state.get()).toMatchObject({ featuresReady: false, wallets: [], walletCount: 0 })
    expect(state.get().features.activity).toBe(true)

    await Project.load(options, { email: false, socials: ['x'] })
    expect(state.get()).toMatchObject({ featuresReady: true, walletCount: 1 })
    expect(state.get().features).toMatchObject({ email: true, socials: ['google'], activity: false })
    expect(state.get().wallets.map((w) => w.id)).toEqual(['w1'])
    expect(calls.warnings).toEqual([
      'Local configuration ignored: email, socials come from the project configuration',
    ])
  })

  test('a config the API cannot give leaves the local options; no login method', async () => {
    const apiUrl = await api({ '/appkit/v1/config': { status: 404, body: {} } })
    const { state, calls, options } = setup(apiUrl)
    await Project.load(options, { email: false, socials: false })
    expect(state.get()).toMatchObject({ featuresReady: true, wallets: [], walletCount: 0 })
    expect(state.get().features).toMatchObject({ email: false, socials: [] })
    expect(calls).toEqual({ warnings: [] })
  })
})
