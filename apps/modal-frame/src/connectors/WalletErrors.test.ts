import * as ProtocolErrors from '@frontdoor/protocol/errors'
import { getSdkError } from '@walletconnect/utils'
import { describe, expect, test } from 'vitest'
import * as WalletErrors from './WalletErrors.js'

// The errors are the ones real wallets send: EIP-1193's 4001 (extensions), WalletConnect's SDK errors
// as Reown's WalletKit rejects with them (getSdkError), and a bare message as WalletConnect's
// formatJsonRpcError makes it (-32000), as Reown's sample wallet answers a rejected request.

/** What `formatJsonRpcError(id, message)` of @walletconnect/jsonrpc-utils puts in its `error`. */
const bareMessage = (message: string) => ({ code: -32000, message })

const REJECTIONS = [
  { code: 4001, message: 'User rejected the request.' },
  getSdkError('USER_REJECTED'),
  getSdkError('USER_REJECTED_CHAINS'),
  getSdkError('USER_REJECTED_METHODS'),
  getSdkError('USER_REJECTED_EVENTS'),
  bareMessage(getSdkError('USER_REJECTED').message),
  bareMessage('User denied transaction signature.'),
  bareMessage('Request rejected by the user'),
  bareMessage('User canceled'),
]

const OTHERS = [
  { code: 4100, message: 'Unauthorized' },
  { code: 4902, message: 'Unrecognized chain ID.' },
  { code: -32603, message: 'User rejected.' },
  bareMessage('execution reverted'),
  bareMessage('insufficient funds for gas * price + value'),
  bareMessage('user operation rejected by the bundler'),
  getSdkError('UNSUPPORTED_METHODS'),
  new Error('User rejected.'),
  'User rejected.',
  undefined,
]

describe('isRejection', () => {
  test('the codes wallets send for a refusal: 4001, 5000-5003, -32000 with a message that says the user refused', () => {
    expect(REJECTIONS.map((e) => e.code)).toEqual([
      4001, 5000, 5001, 5002, 5003, -32000, -32000, -32000, -32000,
    ])
    for (const error of REJECTIONS) expect(WalletErrors.isRejection(error), JSON.stringify(error)).toBe(true)
  })

  test('anything else is not a rejection: other codes, -32000 for a failure, a message without a code', () => {
    for (const error of OTHERS) expect(WalletErrors.isRejection(error), JSON.stringify(error)).toBe(false)
  })
})

describe('fromWallet', () => {
  test("a rejection becomes 4001 with the wallet's message (and data)", () => {
    for (const error of REJECTIONS.filter((e) => e.code !== 4001)) {
      const mapped = WalletErrors.fromWallet(error)
      expect(mapped).toBeInstanceOf(ProtocolErrors.ProviderRpcError)
      expect(mapped).toMatchObject({ code: 4001, message: error.message })
    }
    expect(
      WalletErrors.fromWallet({ code: 5000, message: '', data: { why: 'tapped Reject' } }),
    ).toMatchObject({
      code: 4001,
      message: 'The user rejected the request.',
      data: { why: 'tapped Reject' },
    })
  })

  test('4001 and every other error are returned as they came', () => {
    const own = { code: 4001, message: 'Signature declined' }
    expect(WalletErrors.fromWallet(own)).toBe(own)
    for (const error of OTHERS) expect(WalletErrors.fromWallet(error)).toBe(error)
  })
})

describe('isRefusedProposal', () => {
  test("a rejection, WalletConnect's unsupported-proposal codes (5100-5104), or authenticate's bare 'User rejected.'", () => {
    for (const error of REJECTIONS) expect(WalletErrors.isRefusedProposal(error)).toBe(true)
    for (const key of [
      'UNSUPPORTED_CHAINS',
      'UNSUPPORTED_METHODS',
      'UNSUPPORTED_EVENTS',
      'UNSUPPORTED_ACCOUNTS',
      'UNSUPPORTED_NAMESPACE_KEY',
    ] as const)
      expect(WalletErrors.isRefusedProposal(getSdkError(key))).toBe(true)
    expect(WalletErrors.isRefusedProposal('User rejected.')).toBe(true)
    expect(WalletErrors.isRefusedProposal('User rejected methods.')).toBe(true)
  })

  test('a failure is not a refusal', () => {
    expect(WalletErrors.isRefusedProposal({ code: 1, message: 'Expired.' })).toBe(false)
    expect(WalletErrors.isRefusedProposal('Proposal expired')).toBe(false)
    expect(WalletErrors.isRefusedProposal(new Error('socket hang up'))).toBe(false)
  })
})
