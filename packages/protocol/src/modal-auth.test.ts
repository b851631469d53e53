import { describe, expect, test } from 'vitest'
import { schemaSuite } from './internal/schemaSuite.js'
import * as ModalAuth from './modal-auth.js'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const user = {
  email: 'ada@example.com',
  address,
  chainId: 31337,
  accounts: [{ address, type: 'eoa' }],
  preferredAccountType: 'eoa',
  smartAccountDeployed: false,
}
const ack = { valid: [undefined], invalid: [1, 'ok', {}] }
const noParams = { valid: [undefined, {}], invalid: [{ x: 1 }, null, 'x'] }
const otp = {
  valid: [{ otp: '123456' }],
  invalid: [{ otp: '12345' }, { otp: '1234567' }, { otp: 'abcdef' }, { otp: 123456 }],
}
const email = { valid: [{ email: 'ada@example.com' }], invalid: [{ email: 'ada' }, { email: '' }, {}] }

schemaSuite('AuthMessages', ModalAuth.AuthMessages, {
  connectEmail: {
    params: email,
    result: {
      valid: [{ action: 'VERIFY_OTP' }],
      invalid: [{ action: 'VERIFY_DEVICE' }, { action: 'LOGIN' }, {}],
    },
  },
  connectOtp: {
    params: otp,
    result: {
      valid: [undefined, { action: 'VERIFY_DEVICE' }],
      invalid: [{ action: 'VERIFY_OTP' }, { action: 'VERIFY_DEVICE', pendingLogin: 'p' }, {}, 1],
    },
  },
  connectDevice: { params: noParams, result: ack },
  getSocialRedirectUri: {
    params: {
      valid: [{ provider: 'google' }, { provider: 'x' }, { provider: 'discord' }],
      invalid: [{ provider: 'farcaster' }, { provider: 'myspace' }, {}],
    },
    result: {
      valid: [{ uri: 'http://127.0.0.1:4000/auth/oauth/google?state=s' }],
      invalid: [{ uri: 'javascript:alert(1)' }, { uri: 'not a url' }],
    },
  },
  connectSocial: {
    params: {
      valid: [
        { uri: 'http://127.0.0.2:5181/callback?code=c&state=s' },
        { code: 'r3deem' },
        { code: 'r3deem', binding: 'b'.repeat(43) },
        { uri: 'http://127.0.0.2:5181/callback?code=c', binding: 'b'.repeat(43) },
      ],
      invalid: [
        { uri: 'data:text/html,x' },
        { uri: 1 },
        { code: '' },
        { code: 'c', uri: 'http://a.example' },
        { code: 'c', binding: 'short' },
        { code: 'c', binding: `${'b'.repeat(42)}=` },
      ],
    },
    result: {
      valid: [user, { address, chainId: 'solana:mainnet' }],
      invalid: [{ chainId: 1 }, { ...user, accounts: [{ address }] }],
    },
  },
  getFarcasterUri: {
    params: noParams,
    result: {
      valid: [{ url: 'https://farcaster.xyz/~/siwf?channelToken=abc' }],
      invalid: [{ url: 'ftp://x' }, {}],
    },
  },
  connectFarcaster: {
    params: noParams,
    result: { valid: [{ userName: 'ada' }], invalid: [{}, { userName: 1 }] },
  },
  getUser: {
    params: {
      valid: [
        undefined,
        {},
        { chainId: 31337 },
        { chainId: 'eip155:1', preferredAccountType: 'smartAccount' },
      ],
      invalid: [{ chainId: -1 }, { chainId: '' }, { preferredAccountType: 'multisig' }],
    },
    result: { valid: [user], invalid: [{}, { ...user, address: 1 }] },
  },
  switchNetwork: {
    params: {
      valid: [{ chainId: 1 }, { chainId: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }],
      invalid: [{}, { chainId: 1.5 }],
    },
    result: { valid: [{ chainId: 1 }], invalid: [{}, { chainId: null }] },
  },
  signOut: { params: noParams, result: ack },
  isConnected: {
    params: noParams,
    result: { valid: [{ isConnected: false }], invalid: [{ isConnected: 'no' }, {}] },
  },
  getChainId: { params: noParams, result: { valid: [{ chainId: 31337 }], invalid: [{}, { chainId: {} }] } },
  rpcRequest: {
    params: {
      valid: [
        { method: 'eth_chainId' },
        { method: 'personal_sign', params: ['0x68', address], chainNamespace: 'eip155' },
        { method: 'solana_signMessage', params: { message: 'x' }, chainNamespace: 'solana' },
      ],
      invalid: [{ method: '' }, { method: 'eth_chainId', chainNamespace: 'tezos' }, { params: [] }],
    },
    result: { valid: ['0x1', null, { signature: '0x' }], invalid: [] },
  },
  rpcAbort: { params: noParams, result: ack },
  updateEmail: {
    params: email,
    result: {
      valid: [{ action: 'VERIFY_PRIMARY_OTP' }, { action: 'VERIFY_SECONDARY_OTP' }],
      invalid: [{ action: 'VERIFY_OTP' }],
    },
  },
  updateEmailPrimaryOtp: { params: otp, result: ack },
  updateEmailSecondaryOtp: {
    params: otp,
    result: { valid: [{ newEmail: 'new@example.com' }], invalid: [{ newEmail: 'new' }, {}] },
  },
  syncTheme: {
    params: { valid: [{ themeMode: 'light' }, {}], invalid: [{ themeMode: 'sepia' }] },
    result: ack,
  },
  syncDappData: {
    params: {
      valid: [
        { metadata: { name: 'Demo' }, projectId: 'p1', sdkVersion: '0.0.0', sdkType: 'frontdoor' },
        {
          metadata: { name: 'Demo' },
          hostOrigin: 'http://localhost:5173',
          projectId: 'p1',
          sdkVersion: '0.0.0',
          sdkType: 'frontdoor',
        },
      ],
      invalid: [
        { metadata: { name: 'Demo' }, projectId: '', sdkVersion: '0', sdkType: 'x' },
        { projectId: 'p1' },
        // The confirmed origin is an exact origin, nothing a page could dress up.
        ...['http://localhost:5173/', 'http://localhost:5173/x', 'javascript:alert(1)', 'null', ''].map(
          (hostOrigin) => ({
            metadata: { name: 'Demo' },
            hostOrigin,
            projectId: 'p1',
            sdkVersion: '0.0.0',
            sdkType: 'frontdoor',
          }),
        ),
      ],
    },
    result: ack,
  },
  getSmartAccountEnabledNetworks: {
    params: noParams,
    result: {
      valid: [{ smartAccountEnabledNetworks: [31337, 31338] }, { smartAccountEnabledNetworks: [] }],
      invalid: [{ smartAccountEnabledNetworks: ['31337'] }, {}],
    },
  },
  setPreferredAccount: {
    params: { valid: [{ type: 'eoa' }, { type: 'smartAccount' }], invalid: [{ type: 'payment' }, {}] },
    result: {
      valid: [{ type: 'smartAccount', address }],
      invalid: [{ type: 'smartAccount' }, { type: 'x', address }],
    },
  },
  initSmartAccount: {
    params: noParams,
    result: { valid: [{ isDeployed: true }], invalid: [{}, { isDeployed: 1 }] },
  },
  reload: { params: noParams, result: ack },
})

schemaSuite('ModalMessages', ModalAuth.ModalMessages, {
  ready: { params: noParams, result: ack },
})

describe('AuthMessages timeouts', () => {
  test('login/connect requests 120 s, sign-out 3 s, RPC requests wait for the user', () => {
    const timeouts = Object.fromEntries(
      Object.entries(ModalAuth.AuthMessages).map(([name, d]) => [name, d.timeoutMs]),
    )
    for (const name of [
      'connectEmail',
      'connectDevice',
      'connectOtp',
      'getSocialRedirectUri',
      'connectSocial',
      'getFarcasterUri',
      'connectFarcaster',
      'getUser',
    ])
      expect(timeouts[name], name).toBe(120_000)
    expect(timeouts.signOut).toBe(3_000)
    expect(timeouts.rpcRequest).toBe(Number.POSITIVE_INFINITY)
    expect(timeouts.isConnected).toBeUndefined()
  })
})

describe('auth', () => {
  test('mirrors modal', () => {
    expect(ModalAuth.auth.channel).toBe('frontdoor:modal-auth')
    expect(ModalAuth.auth.exposes).toBe(ModalAuth.modal.calls)
    expect(ModalAuth.auth.calls).toBe(ModalAuth.modal.exposes)
  })
})
