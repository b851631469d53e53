import { describe, expect, test } from 'vitest'
import * as Siwx from './Siwx.js'

const data = {
  accountAddress: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  chainId: 'eip155:31337',
  domain: 'shop.example',
  uri: 'https://shop.example',
  version: '1',
  nonce: 'abcdefgh1',
}
const session = { data, message: 'text', signature: '0x1' }

/** A page's own `siwx`, recording the calls it gets. */
function pageConfig(sessions: Siwx.Session[] = []) {
  const calls: string[] = []
  const config: Siwx.Config = {
    async createMessage(input) {
      calls.push(`create ${input.chainId}`)
      return { ...data, ...input }
    },
    async addSession(s) {
      calls.push(`add ${s.signature}`)
      sessions.unshift(s)
    },
    async revokeSession(chainId, address) {
      calls.push(`revoke ${chainId} ${address}`)
      sessions.length = 0
    },
    async getSessions() {
      return [...sessions]
    },
    getRequired: () => true,
  }
  return { config, calls }
}

describe('configOf', () => {
  test("both `siwx` and `siweConfig`: the spec's error, word for word", () => {
    const { config } = pageConfig()
    expect(() => Siwx.configOf({ siwx: config, siweConfig: {} }, () => config)).toThrow(
      new Error('Cannot set both `siweConfig` and `siwx` options'),
    )
  })

  test("the page's functions are used as given; options without functions take the default", () => {
    const { config } = pageConfig()
    const fallback = pageConfig().config
    expect(Siwx.configOf({ siwx: config }, () => fallback)).toBe(config)
    let asked: unknown
    expect(
      Siwx.configOf({ siwx: { required: true } }, (options) => {
        asked = options
        return fallback
      }),
    ).toBe(fallback)
    expect(asked).toEqual({ required: true })
    expect(Siwx.configOf({}, () => fallback)).toBeUndefined()
  })
})

describe('handlers', () => {
  const run = async (
    handler: readonly [(p: unknown) => unknown, (p: never) => Promise<unknown>],
    params: unknown,
  ) => handler[1](handler[0](params) as never)

  test('each call is checked before the page runs it, and the page hears its session', async () => {
    const { config, calls } = pageConfig()
    const heard: (Siwx.Session | undefined)[] = []
    const handlers = Siwx.handlers(config, (s) => heard.push(s))
    await expect(
      run(handlers.siwxCreateMessage, { accountAddress: '0xabc', chainId: 'eip155' }),
    ).rejects.toThrow('Invalid message: chainId')
    expect(calls).toEqual([])
    expect(
      await run(handlers.siwxCreateMessage, { accountAddress: data.accountAddress, chainId: 'eip155:31337' }),
    ).toEqual({
      data,
    })
    await run(handlers.siwxAddSession, session)
    expect(heard).toEqual([session])
    expect(
      await run(handlers.siwxGetSessions, { chainId: 'eip155:31337', address: data.accountAddress }),
    ).toEqual([session])
    await run(handlers.siwxRevokeSession, { chainId: 'eip155:31337', address: data.accountAddress })
    expect(heard.at(-1)).toBeUndefined()
    expect(calls).toEqual(['create eip155:31337', 'add 0x1', `revoke eip155:31337 ${data.accountAddress}`])
  })

  test('a message with its own text (toString) crosses as data and that text; functions never cross', async () => {
    const { config } = pageConfig()
    const own: Siwx.Config = {
      ...config,
      createMessage: async () => ({ ...data, toString: () => 'own text' }),
    }
    const created = await run(Siwx.handlers(own, () => {}).siwxCreateMessage, {
      accountAddress: data.accountAddress,
      chainId: 'eip155:31337',
    })
    expect(created).toEqual({ data, message: 'own text' })
    expect(structuredClone(created)).toEqual(created)
  })
})
