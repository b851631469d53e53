import type * as HostModal from '@frontdoor/protocol/host-modal'
import bs58 from 'bs58'
import nacl from 'tweetnacl'
import { describe, expect, it } from 'vitest'
import * as SolanaAccount from '../solana/Account.js'
import * as Injected from './Injected.js'
import * as Merge from './Merge.js'

// A wallet such as Phantom registers twice on the page: by EIP-6963 (its EVM side) and by the Wallet
// Standard (its Solana side). The modal lists it once, and its one connector reaches both sides.

let uuids = 0
const uuid = () => `00000000-0000-4000-8000-${String(++uuids).padStart(12, '0')}`
const evm = (
  name: string,
  rdns = `app.${name.toLowerCase().replace(/\W/g, '')}`,
): HostModal.InjectedWallet => ({
  uuid: uuid(),
  name,
  icon: 'data:image/svg+xml;base64,PHN2Zy8+',
  rdns,
})
const standard = (name: string): HostModal.InjectedWallet => ({
  uuid: uuid(),
  name,
  icon: 'data:image/png;base64,iVBORw0K',
  rdns: `wallet-standard.${name.toLowerCase().replace(/\W/g, '')}`,
  chains: ['solana:localnet'],
})

describe('merge', () => {
  it('a wallet on both lists is listed once, under its EIP-6963 identity, with its Wallet Standard side; the others as the page listed them', () => {
    const phantom = evm('Phantom')
    const phantomSolana = standard('Phantom')
    const metaMask = evm('MetaMask', 'io.metamask')
    const solflare = standard('Solflare')
    const wallets = [phantomSolana, metaMask, phantom, solflare]
    expect(wallets.map((w) => w.name)).toEqual(['Phantom', 'MetaMask', 'Phantom', 'Solflare'])
    expect(Merge.merge(wallets)).toEqual([metaMask, { ...phantom, standard: phantomSolana }, solflare])
  })

  it('names match trimmed, with spaces collapsed and case ignored; different names do not', () => {
    const a = evm('Backpack  Wallet')
    const b = standard(' backpack wallet')
    expect(Merge.merge([a, b])).toEqual([{ ...a, standard: b }])
    const c = evm('Phantom')
    const d = standard('Phantom Wallet')
    expect(Merge.merge([c, d])).toEqual([c, d])
  })

  it('an ambiguous name (two wallets of one kind share it) merges nothing: no side is given to another row', () => {
    const one = evm('Phantom', 'app.phantom')
    const impostor = evm('Phantom', 'com.impostor')
    const solana = standard('Phantom')
    expect(Merge.merge([one, impostor, solana])).toEqual([one, impostor, solana])
    const twoSolana = standard('Phantom')
    expect(Merge.merge([one, solana, twoSolana])).toEqual([one, solana, twoSolana])
  })

  it('two wallets of the same kind are never merged, and a list of one kind is unchanged', () => {
    const list = [evm('A'), evm('B')]
    expect(Merge.merge(list)).toEqual(list)
    expect(Merge.merge([])).toEqual([])
  })
})

const EVM_ACCOUNT = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
// The Solana side signs with a real key: the modal verifies its answers (solana/Requests.ts).
const SOLANA_KEY = nacl.sign.keyPair.fromSeed(new Uint8Array(32).fill(5))
const SOLANA_ACCOUNT = bs58.encode(SOLANA_KEY.publicKey)
const MESSAGE = '3yZe7d'
const SOLANA_SIGNATURE = bs58.encode(nacl.sign.detached(bs58.decode(MESSAGE), SOLANA_KEY.secretKey))

/** Phantom's two sides behind the host bridge, answering as the host SDK does for each, recording by side. */
function phantom(options: { rejectSolana?: boolean } = {}) {
  const listed = Merge.merge([evm('Phantom'), standard('Phantom')])[0] as Merge.Listed
  const solanaUuid = listed.standard?.uuid as string
  const seen: [string, string][] = []
  const connector = Injected.create(listed, {
    request: async (id, { method }) => {
      const side = id === solanaUuid ? 'solana' : 'evm'
      seen.push([side, method])
      if (side === 'solana') {
        if (method === 'standard:connect' && options.rejectSolana)
          throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
        if (method === 'standard:connect')
          return { accounts: [{ address: SOLANA_ACCOUNT, chains: ['solana:localnet'] }] }
        return method === 'standard:disconnect' ? null : { signature: SOLANA_SIGNATURE }
      }
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [EVM_ACCOUNT]
      if (method === 'eth_chainId') return '0x7a69'
      if (method === 'wallet_revokePermissions') return null
      return '0xevm-sig'
    },
  })
  return { connector, seen, listed, solanaUuid }
}

const context = { networks: [], chainId: 31337 }

describe('the connector of a wallet listed once for both sides', () => {
  it('connects both sides: the EVM account holds the connection, the Solana account is there too', async () => {
    const { connector, seen } = phantom()
    expect(await SolanaAccount.of(connector)).toBeNull()
    const session = await connector.connect(context)
    expect(session).toMatchObject({ accounts: [EVM_ACCOUNT], chainId: 31337, wallet: { name: 'Phantom' } })
    expect(await SolanaAccount.of(connector)).toEqual({
      address: SOLANA_ACCOUNT,
      chains: ['solana:localnet'],
    })
    expect(seen).toEqual([
      ['evm', 'eth_requestAccounts'],
      ['evm', 'eth_chainId'],
      ['solana', 'standard:connect'],
    ])
  })

  it('solana_ requests go to the Solana side, the others to the EVM side', async () => {
    const { connector, seen } = phantom()
    await connector.connect(context)
    seen.length = 0
    expect(await connector.request('solana_signMessage', { message: MESSAGE })).toEqual({
      signature: SOLANA_SIGNATURE,
    })
    expect(await connector.request('personal_sign', ['0x00', EVM_ACCOUNT])).toBe('0xevm-sig')
    expect(seen).toEqual([
      ['solana', 'solana_signMessage'],
      ['evm', 'personal_sign'],
    ])
  })

  it('a Solana side that refuses leaves an EVM-only connection (its solana_ requests 4100)', async () => {
    const { connector } = phantom({ rejectSolana: true })
    await expect(connector.connect(context)).resolves.toMatchObject({ accounts: [EVM_ACCOUNT] })
    expect(await SolanaAccount.of(connector)).toBeNull()
    await expect(connector.request('solana_signMessage', { message: '3yZe7d' })).rejects.toMatchObject({
      code: 4100,
    })
  })

  it("each side's events reach that side: the Solana side's accounts gone drop its account, not the connection", async () => {
    const { connector, solanaUuid, listed } = phantom()
    await connector.connect(context)
    const events: unknown[] = []
    connector.subscribe((event) => events.push(event))
    connector.emit({ event: 'accountsChanged', data: [] }, solanaUuid)
    expect(await SolanaAccount.of(connector)).toBeNull()
    expect(events).toEqual([])
    connector.emit({ event: 'chainChanged', data: '0x7a6a' }, listed.uuid)
    expect(events).toEqual([{ type: 'chainChanged', chainId: 31338 }])
    expect(Injected.uuidsOf(listed)).toEqual([listed.uuid, solanaUuid])
  })

  it('reconnects both sides silently, and disconnects both', async () => {
    const { connector, seen } = phantom()
    await connector.connect(context)
    seen.length = 0
    expect(await connector.reconnect(context)).toMatchObject({ accounts: [EVM_ACCOUNT] })
    expect(await SolanaAccount.of(connector)).toEqual({
      address: SOLANA_ACCOUNT,
      chains: ['solana:localnet'],
    })
    await connector.disconnect()
    expect(await SolanaAccount.of(connector)).toBeNull()
    expect(seen.map(([side, method]) => `${side} ${method}`)).toEqual([
      'evm eth_accounts',
      'evm eth_chainId',
      'solana standard:connect',
      'evm wallet_revokePermissions',
      'solana standard:disconnect',
    ])
  })
})
