import { SiwxMessage } from '@frontdoor/schemas'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, test } from 'vitest'
import * as Upstreams from '../rpc/Upstreams.js'
import * as Signature from './Signature.js'

// No node is needed for an EOA's valid signature (recovered locally) or for Solana (ed25519); a
// contract account's and a wrong signature are asked of a real chain in apps/dev (SiwxRoutes.test).
const upstreams = Upstreams.create({ upstreams: {}, timeoutMs: 1_000 })
const base = {
  domain: 'shop.example',
  uri: 'https://shop.example',
  version: '1',
  nonce: 'k2Jd8sL0qXv',
  issuedAt: '2026-11-25T12:00:00.000Z',
}

describe('verify', () => {
  test('eip155: an EOA signature of the message passes', async () => {
    const account = privateKeyToAccount(generatePrivateKey())
    const data = { ...base, accountAddress: account.address, chainId: 'eip155:1' }
    const message = SiwxMessage.format(data)
    const signature = await account.signMessage({ message })
    expect(await Signature.verify(upstreams, data, message, signature)).toBe(true)
    expect(await Signature.verify(upstreams, data, message, 'not hex')).toBe(false)
  })

  test('solana: an ed25519 signature by the account key passes; another key or message fails', async () => {
    const secret = ed25519.utils.randomPrivateKey()
    const data = {
      ...base,
      accountAddress: base58.encode(ed25519.getPublicKey(secret)),
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    }
    const message = SiwxMessage.format(data)
    const signature = base58.encode(ed25519.sign(new TextEncoder().encode(message), secret))
    expect(await Signature.verify(upstreams, data, message, signature)).toBe(true)
    expect(await Signature.verify(upstreams, data, `${message} `, signature)).toBe(false)
    const other = ed25519.utils.randomPrivateKey()
    const forged = base58.encode(ed25519.sign(new TextEncoder().encode(message), other))
    expect(await Signature.verify(upstreams, data, message, forged)).toBe(false)
    expect(await Signature.verify(upstreams, data, message, '0OIl')).toBe(false)
  })

  test('a namespace without sign-in never verifies', async () => {
    expect(
      await Signature.verify(
        upstreams,
        { ...base, accountAddress: 'x', chainId: 'cosmos:cosmoshub-4' },
        'm',
        's',
      ),
    ).toBe(false)
  })
})
