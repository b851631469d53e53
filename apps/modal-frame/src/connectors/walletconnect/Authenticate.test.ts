import { EVENT } from '@frontdoor/schemas/api/analytics'
import { describe, expect, test } from 'vitest'
import * as Track from '../../analytics/Track.js'
import * as Authenticate from './Authenticate.js'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** A page's message data with every field a sign-in message may have. */
const DATA = {
  accountAddress: Authenticate.UNKNOWN_ACCOUNT,
  chainId: 'eip155:31337',
  domain: 'shop.example',
  uri: 'https://shop.example',
  version: '1',
  nonce: 'k2Jd8sL0q1',
  statement: 'Sign in to the shop',
  issuedAt: '2026-11-26T10:00:00.000Z',
  expirationTime: '2026-11-26T11:00:00.000Z',
  notBefore: '2026-11-26T10:00:00.000Z',
  requestId: 'req-7',
  resources: ['https://shop.example/terms'],
}

const NAMESPACE = {
  chains: ['eip155:31337', 'eip155:31338'],
  methods: ['personal_sign', 'eth_sendTransaction'],
}

/** Spec section 7: what a wallet-session authenticate sends. */
const SPEC_FIELDS = [
  'nonce',
  'domain',
  'uri',
  'exp',
  'iat',
  'nbf',
  'requestId',
  'version',
  'resources',
  'statement',
  'chainId',
  'methods',
  'chains',
]

describe('params', () => {
  test("every field of the spec's list, from the page's message and the proposal's eip155 namespace", () => {
    const params = Authenticate.params(DATA, NAMESPACE)
    expect(Object.keys(params).sort()).toEqual([...SPEC_FIELDS].sort())
    expect(params).toMatchInlineSnapshot(`
      {
        "chainId": "eip155:31337",
        "chains": [
          "eip155:31337",
          "eip155:31338",
        ],
        "domain": "shop.example",
        "exp": "2026-11-26T11:00:00.000Z",
        "iat": "2026-11-26T10:00:00.000Z",
        "methods": [
          "personal_sign",
          "eth_sendTransaction",
        ],
        "nbf": "2026-11-26T10:00:00.000Z",
        "nonce": "k2Jd8sL0q1",
        "requestId": "req-7",
        "resources": [
          "https://shop.example/terms",
        ],
        "statement": "Sign in to the shop",
        "uri": "https://shop.example",
        "version": "1",
      }
    `)
  })

  test('what the page leaves out is not sent (no undefined keys); the required ones always are', () => {
    const { statement: _s, expirationTime: _e, notBefore: _n, requestId: _r, resources: _x, ...least } = DATA
    const params = Authenticate.params(least, NAMESPACE)
    expect(Object.keys(params).sort()).toEqual(
      ['chainId', 'chains', 'domain', 'iat', 'methods', 'nonce', 'uri', 'version'].sort(),
    )
  })

  test('the lists are copies: sign-client appends its recap to resources without touching the proposal', () => {
    const params = Authenticate.params(DATA, NAMESPACE)
    expect(params.methods).not.toBe(NAMESPACE.methods)
    expect(params.chains).not.toBe(NAMESPACE.chains)
  })
})

describe('eligible', () => {
  const eip155 = { chains: ['eip155:1'], methods: [], events: [] }
  test('a single eip155 namespace (spec section 5)', () => {
    expect(Authenticate.eligible({ eip155 })).toBe(true)
  })
  test('more than one namespace, or another one: plain connect', () => {
    expect(Authenticate.eligible({ eip155, solana: { chains: ['solana:5eykt'] } })).toBe(false)
    expect(Authenticate.eligible({ solana: { chains: ['solana:5eykt'] } })).toBe(false)
    expect(Authenticate.eligible({})).toBe(false)
  })
  test('a namespace key present but undefined does not count', () => {
    expect(Authenticate.eligible({ eip155, solana: undefined })).toBe(true)
  })
})

const cacao = (chainId: number, signature = '0xsig'): Authenticate.Cacao => ({
  h: { t: 'caip122' },
  p: {
    iss: `did:pkh:eip155:${chainId}:${ADDRESS}`,
    domain: 'shop.example',
    aud: 'https://shop.example',
    version: '1',
    nonce: 'k2Jd8sL0q1',
    iat: '2026-11-26T10:00:00.000Z',
  },
  s: { t: 'eip191', s: signature },
})

describe('pick', () => {
  test("the CACAO of the connection's chain, else the first; none of none", () => {
    const a = cacao(31337)
    const b = cacao(31338)
    expect(Authenticate.pick([a, b], 31338)).toBe(b)
    expect(Authenticate.pick([a, b], 1)).toBe(a)
    expect(Authenticate.pick([], 1)).toBeUndefined()
  })
})

describe('sessionOf', () => {
  const message = [
    'shop.example wants you to sign in with your Ethereum account:',
    ADDRESS,
    '',
    '',
    'URI: https://shop.example',
    'Version: 1',
    'Chain ID: 31337',
    'Nonce: k2Jd8sL0q1',
    'Issued At: 2026-11-26T10:00:00.000Z',
  ].join('\n')

  test('the text the wallet signed, its data read back from it, the signature and the CACAO', () => {
    const c = cacao(31337, '0xabc')
    expect(Authenticate.sessionOf(c, () => message)).toEqual({
      data: {
        domain: 'shop.example',
        accountAddress: ADDRESS,
        chainId: 'eip155:31337',
        uri: 'https://shop.example',
        version: '1',
        nonce: 'k2Jd8sL0q1',
        issuedAt: '2026-11-26T10:00:00.000Z',
      },
      message,
      signature: '0xabc',
      cacao: c,
    })
  })

  test('a signed text that is not a sign-in message throws', () => {
    expect(() => Authenticate.sessionOf(cacao(1), () => 'hello')).toThrow('sign-in line')
  })
})

describe('forSite', () => {
  test("the page's message is for the page the modal serves: its domain is the host's, its URI on the host's origin", () => {
    const origin = 'http://localhost:5173'
    expect(
      Authenticate.forSite({ domain: 'localhost:5173', uri: 'http://localhost:5173/login' }, origin),
    ).toBe(true)
    expect(Authenticate.forSite({ domain: 'bank.example', uri: 'http://localhost:5173' }, origin)).toBe(false)
    expect(Authenticate.forSite({ domain: 'localhost:5173', uri: 'https://bank.example' }, origin)).toBe(
      false,
    )
    expect(Authenticate.forSite({ domain: 'localhost:5173', uri: 'not a uri' }, origin)).toBe(false)
    expect(
      Authenticate.forSite({ domain: 'localhost:5173', uri: 'http://localhost:5173' }, 'not an origin'),
    ).toBe(false)
  })
})

describe('record', () => {
  test('a one-click sign-in records SIWX_SUCCESS or SIWX_ERROR with kind, chain and oneClick only', () => {
    const events: [string, unknown][] = []
    Track.attach({ track: (event, properties) => void events.push([event, properties]) })
    Authenticate.record(31337)
    Authenticate.record(31338, Object.assign(new Error('the page refused'), { code: -32000 }))
    expect(events).toEqual([
      [EVENT.SIWX_SUCCESS, { kind: 'walletConnect', chainId: 31337, oneClick: true }],
      [EVENT.SIWX_ERROR, { kind: 'walletConnect', chainId: 31338, oneClick: true, declined: false }],
    ])
  })
})
