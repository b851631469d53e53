import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import * as HostModal from './host-modal.js'
import { schemaSuite } from './internal/schemaSuite.js'

const network = {
  id: 31337,
  caipNetworkId: 'eip155:31337',
  chainNamespace: 'eip155',
  name: 'Devnet',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
}
const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const solanaAddress = 'GfLSF2ZbgX6VXkyCmkGNNHNJVjgf3Jz9G7ycWqv6SU6M'
const account = { address, caipAddress: `eip155:31337:${address}`, status: 'connected' }
const full = {
  ...account,
  preferredAccountType: 'smartAccount',
  user: { email: 'a@b.co' },
  socialProvider: 'google',
  smartAccountDeployed: true,
  profileName: 'alice.eth',
  profileImage: null,
  balance: '10000',
  balanceSymbol: 'ETH',
}
const state = { open: true, loading: false, view: 'Account', status: 'connected', account, network }
const wallet = {
  uuid: '350670db-19fa-4704-a166-e52e178b59d2',
  name: 'Test Wallet',
  icon: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=',
  rdns: 'org.example.wallet',
}
const metadata = {
  name: 'Demo',
  description: 'A demo dapp',
  url: 'http://localhost:5173',
  icons: ['http://localhost:5173/icon.png'],
}
const theme = {
  themeMode: 'dark',
  themeVariables: { accent: '#3b82f6', font: 'Inter, sans-serif', radius: 16 },
}
const hostInfo = {
  projectId: 'p1',
  metadata,
  networks: [network],
  features: { email: true, socials: ['google', 'x'], swaps: false, connectMethodsOrder: ['wallet', 'email'] },
  theme,
  siwx: false,
  enableReconnect: false,
  mode: 'modal',
  sdkVersion: '0.0.0',
}
const rpcError = { code: 4001, message: 'The user rejected the request.' }
const ack = { valid: [undefined], invalid: [1, 'ok', {}] }
const noParams = { valid: [undefined, {}], invalid: [{ x: 1 }, null, 'x'] }

schemaSuite('ModalMessages', HostModal.ModalMessages, {
  open: {
    params: {
      valid: [undefined, {}, { view: 'Connect' }, { view: 'Account' }],
      invalid: [{ view: 'Nope' }, { view: 1 }],
    },
    result: ack,
  },
  close: {
    params: noParams,
    result: { valid: [{ closed: true }], invalid: [{}, { closed: 'yes' }, undefined] },
  },
  shake: { params: noParams, result: ack },
  getState: {
    params: noParams,
    result: {
      valid: [
        state,
        { open: false, loading: false, view: 'Connect', status: 'disconnected' },
        { open: false, loading: false, view: 'Connect', status: 'disconnected', restored: true },
        { ...state, loading: true, account: full },
      ],
      invalid: [
        { ...state, status: 'online' },
        { ...state, account: { ...account, caipAddress: 'eip155:1' } },
        { ...state, account: { ...full, balance: '1,5' } },
        { ...state, account: { ...full, preferredAccountType: 'payment' } },
        { ...state, account: { ...full, user: { email: 'a@b.co', address } } },
        { ...state, network: { ...network, caipNetworkId: 'eip155:1' } },
        { ...state, view: 'Home' },
        { ...state, loading: 'no' },
        { ...state, restored: 'yes' },
      ],
    },
  },
  request: {
    params: {
      valid: [
        { id: 1, method: 'eth_chainId' },
        { id: 'a1', method: 'personal_sign', params: ['0x68656c6c6f', address] },
        { id: 2, method: 'wallet_getCapabilities', params: { account: address } },
      ],
      invalid: [
        { method: 'eth_chainId' },
        { id: 1, method: '' },
        { id: 1.5, method: 'eth_chainId' },
        { id: 1, method: 'eth_chainId', params: 'x' },
        { id: 1, method: 'x'.repeat(101) },
      ],
    },
    result: { valid: ['0x7a69', null, undefined, [address], { a: 1 }], invalid: [] },
  },
  injectedWallets: {
    params: {
      valid: [
        { wallets: [] },
        { wallets: [wallet] },
        { wallets: [{ ...wallet, rdns: 'wallet-standard.test-wallet', chains: ['solana:localnet'] }] },
      ],
      invalid: [
        [wallet],
        { wallets: [{ ...wallet, chains: [] }] },
        { wallets: [{ ...wallet, chains: ['eip155:1'] }] },
        { wallets: [{ ...wallet, chains: ['solana:'] }] },
        { wallets: [{ ...wallet, icon: 'https://example.com/icon.svg' }] },
        { wallets: [{ ...wallet, icon: 'javascript:alert(1)' }] },
        { wallets: [{ ...wallet, uuid: 'not-a-uuid' }] },
        { wallets: [{ ...wallet, rdns: 'metamask' }] },
        { wallets: [{ ...wallet, name: '' }] },
        { wallets: Array.from({ length: 51 }, () => wallet) },
      ],
    },
    result: ack,
  },
  injectedWalletEvent: {
    params: {
      valid: [
        { uuid: wallet.uuid, event: { event: 'accountsChanged', data: [address] } },
        { uuid: wallet.uuid, event: { event: 'chainChanged', data: '0x7a69' } },
        { uuid: wallet.uuid, event: { event: 'connect', data: { chainId: '0x1' } } },
        { uuid: wallet.uuid, event: { event: 'disconnect', data: { code: 4900, message: 'bye' } } },
        { uuid: wallet.uuid, event: { event: 'message', data: { type: 'eth_subscription', data: {} } } },
      ],
      invalid: [
        { uuid: wallet.uuid, event: { event: 'chainChanged', data: 31337 } },
        { uuid: wallet.uuid, event: { event: 'accountsChanged', data: address } },
        { uuid: wallet.uuid, event: { event: 'hello', data: 1 } },
        { event: { event: 'chainChanged', data: '0x1' } },
      ],
    },
    result: ack,
  },
  theme: {
    params: {
      valid: [theme, {}, { themeMode: 'light' }],
      invalid: [
        { themeMode: 'blue' },
        { themeVariables: { accent: 'red; } body { display: none' } },
        { themeVariables: { font: '</style><script>' } },
        { themeVariables: { radius: 41 } },
        { themeVariables: { '--w3m-accent': 'red' } },
      ],
    },
    result: ack,
  },
  metadata: {
    params: {
      valid: [metadata, { name: 'Only a name' }],
      invalid: [
        { ...metadata, name: '' },
        { ...metadata, url: 'javascript:alert(1)' },
        { ...metadata, icons: ['data:text/html,<script>'] },
        { ...metadata, description: 'x'.repeat(501) },
      ],
    },
    result: ack,
  },
  disconnect: { params: noParams, result: ack },
  solanaAccount: {
    params: noParams,
    result: {
      valid: [
        null,
        { address: solanaAddress, chains: ['solana:localnet'] },
        { address: solanaAddress, chains: [] },
      ],
      invalid: [
        undefined,
        { address: address, chains: [] },
        { address: `${solanaAddress}0`, chains: [] },
        { address: solanaAddress, chains: ['eip155:1'] },
        { address: solanaAddress },
      ],
    },
  },
  switchNetwork: {
    params: {
      valid: [{ caipNetworkId: 'eip155:1' }],
      invalid: [{ caipNetworkId: '1' }, { caipNetworkId: 'eip155:1:0x' }],
    },
    result: ack,
  },
  pay: {
    params: {
      valid: [
        { asset: '0x86963C0Be1Ef7dF4273e5c86E918759a97486169', amount: '5', recipient: address },
        { asset: 'native', amount: '0.25', recipient: address.toLowerCase() },
      ],
      invalid: [
        undefined,
        { asset: 'FUSD', amount: '5', recipient: address },
        { asset: 'native', amount: 5, recipient: address },
        { asset: 'native', amount: '-5', recipient: address },
        { asset: 'native', amount: '1e6', recipient: address },
        { asset: 'native', amount: '5', recipient: 'alice.eth' },
        { asset: 'native', amount: '5', recipient: address, memo: 'x' },
      ],
    },
    result: {
      valid: [`0x${'ab'.repeat(32)}`],
      invalid: [undefined, '0x12', `0x${'zz'.repeat(32)}`, { hash: `0x${'ab'.repeat(32)}` }],
    },
  },
})

schemaSuite('HostMessages', HostModal.HostMessages, {
  hostInfo: {
    params: noParams,
    result: {
      valid: [
        hostInfo,
        { projectId: 'p', metadata: { name: 'x' }, networks: [network], mode: 'inline', sdkVersion: '1' },
      ],
      invalid: [
        { ...hostInfo, networks: [] },
        { ...hostInfo, projectId: '' },
        { ...hostInfo, mode: 'popup' },
        { ...hostInfo, features: { email: 'yes' } },
        { ...hostInfo, features: { connectMethodsOrder: ['phone'] } },
      ],
    },
  },
  state: { params: { valid: [state], invalid: [{ ...state, open: 1 }, {}] }, result: ack },
  open: { params: noParams, result: ack },
  requestClose: { params: noParams, result: ack },
  providerEvent: {
    params: {
      valid: [
        { event: 'chainChanged', data: '0x1' },
        { event: 'disconnect', data: rpcError },
      ],
      invalid: [
        { event: 'chainChanged', data: 'zz' },
        { event: 'disconnect', data: { message: 'no code' } },
      ],
    },
    result: ack,
  },
  injectedWalletRequest: {
    params: {
      valid: [
        { uuid: wallet.uuid, request: { method: 'eth_requestAccounts' } },
        { uuid: wallet.uuid, request: { method: 'eth_sendTransaction', params: [{ to: address }] } },
      ],
      invalid: [{ uuid: wallet.uuid }, { uuid: 'x', request: { method: 'eth_accounts' } }],
    },
    result: { valid: [[address], '0x1', null], invalid: [] },
  },
  storageRead: {
    params: { valid: [undefined, {}], invalid: [{ key: 'x' }] },
    result: {
      valid: [{}, { 'frontdoor:connections': '[]', 'wc@2:core:0.3//keychain': '{}' }],
      invalid: [{ 'bad key': 'x' }, { k: 1 }, { k: 'x'.repeat(HostModal.STORAGE_VALUE_MAX + 1) }],
    },
  },
  storageWrite: {
    params: {
      valid: [
        { key: 'frontdoor:connections', value: '[]' },
        { key: 'frontdoor:recent-wallets', value: null },
      ],
      invalid: [{ key: '', value: 'x' }, { key: 'k' }, { key: 'a b', value: 'x' }, { key: 'k', value: 1 }],
    },
    result: ack,
  },
})

describe('RpcError', () => {
  test('integer code and message', () => {
    expect(HostModal.RpcError.safeParse(rpcError).success).toBe(true)
    expect(HostModal.RpcError.safeParse({ message: 'x' }).success).toBe(false)
    expect(HostModal.ModalMessages.request.error).toBe(HostModal.RpcError)
  })
})

describe('ImageDataUri', () => {
  test('image data URIs only', () => {
    expect(z.safeParse(HostModal.ImageDataUri, 'data:image/png;base64,AAAA').success).toBe(true)
    expect(z.safeParse(HostModal.ImageDataUri, 'data:image/svg+xml,<svg/>').success).toBe(true)
    expect(z.safeParse(HostModal.ImageDataUri, 'data:text/html;base64,AAAA').success).toBe(false)
    expect(
      z.safeParse(HostModal.ImageDataUri, `data:image/png;base64,${'A'.repeat(256 * 1024)}`).success,
    ).toBe(false)
  })
})

describe('host', () => {
  test('mirrors modal', () => {
    expect(HostModal.host.channel).toBe('frontdoor:host-modal')
    expect(HostModal.host.exposes).toBe(HostModal.modal.calls)
    expect(HostModal.host.calls).toBe(HostModal.modal.exposes)
  })
})

describe('ModalMessages.request', () => {
  test('waits for the user: no timeout', () => {
    expect(HostModal.ModalMessages.request.timeoutMs).toBe(Number.POSITIVE_INFINITY)
    expect(HostModal.ModalMessages.open.timeoutMs).toBeUndefined()
  })
})

describe('ModalMessages.pay', () => {
  test('waits for the visitor and answers EIP-1193 errors', () => {
    expect(HostModal.ModalMessages.pay.timeoutMs).toBe(Number.POSITIVE_INFINITY)
    expect(HostModal.ModalMessages.pay.error).toBe(HostModal.RpcError)
  })
})
