import * as fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import * as Policy from './policy.js'

describe('SAFE_METHODS', () => {
  test('the safe list of REFERENCE.md, exactly', () => {
    expect(Policy.SAFE_METHODS).toHaveLength(41)
    expect(new Set(Policy.SAFE_METHODS).size).toBe(41)
  })
})

describe('UNSAFE_METHODS', () => {
  test('the unsafe list of REFERENCE.md, exactly', () => {
    expect([...Policy.UNSAFE_METHODS].sort()).toEqual(
      [
        'eth_sendTransaction',
        'eth_sendUserOperation',
        'eth_signTypedData_v4',
        'personal_sign',
        'solana_signAllTransactions',
        'solana_signAndSendTransaction',
        'solana_signMessage',
        'solana_signTransaction',
        'wallet_grantPermissions',
        'wallet_revokePermissions',
        'wallet_sendCalls',
      ].sort(),
    )
  })

  test('no method is both safe and unsafe', () => {
    const safe = new Set<string>(Policy.SAFE_METHODS)
    expect(Policy.UNSAFE_METHODS.filter((method) => safe.has(method))).toEqual([])
  })
})

describe('CHAIN_METHODS', () => {
  test('the unsafe EVM methods whose request is for one chain: all but personal_sign and revoking permissions', () => {
    const unsafe = new Set<string>(Policy.UNSAFE_METHODS)
    expect(Policy.CHAIN_METHODS.every((method) => unsafe.has(method))).toBe(true)
    expect(
      Policy.UNSAFE_METHODS.filter(
        (method) => Policy.namespaceOf(method) === 'eip155' && !Policy.isChainMethod(method),
      ),
    ).toEqual(['personal_sign', 'wallet_revokePermissions'])
  })

  test('names match exactly; object keys and other casings are no chain method', () => {
    expect(Policy.isChainMethod('eth_sendTransaction')).toBe(true)
    for (const method of ['ETH_SENDTRANSACTION', 'constructor', '__proto__', 'eth_signTypedData', ''])
      expect(Policy.isChainMethod(method)).toBe(false)
  })
})

describe('classify', () => {
  test.each(Policy.SAFE_METHODS)('%s is safe', (method) => {
    expect(Policy.classify(method)).toBe('safe')
  })

  test.each(Policy.UNSAFE_METHODS)('%s is unsafe', (method) => {
    expect(Policy.classify(method)).toBe('unsafe')
  })

  test('spec section 6 examples', () => {
    expect(Policy.classify('eth_sendRawTransaction')).toBe('safe')
    expect(Policy.classify('wallet_getCallsStatus')).toBe('safe')
    expect(Policy.classify('wallet_getCapabilities')).toBe('safe')
    expect(Policy.classify('wallet_getAssets')).toBe('safe')
  })

  test.each([
    'eth_sign',
    'eth_signTypedData',
    'eth_signTypedData_v3',
    'eth_signTransaction',
    'wallet_switchEthereumChain',
    'wallet_addEthereumChain',
    'wallet_watchAsset',
    'eth_requestAccounts',
    'eth_coinbase',
    'debug_traceTransaction',
    'hardhat_setBalance',
    'anvil_mine',
  ])('%s is disallowed (not on either list)', (method) => {
    expect(Policy.classify(method)).toBe('disallowed')
  })

  test.each([
    '',
    ' ',
    'ETH_CALL',
    'Eth_call',
    'PERSONAL_SIGN',
    ' eth_call',
    'eth_call ',
    'eth_call\n',
    'eth_call\u0000',
    'eth_',
    'eth_*',
    'personal_sign,eth_call',
  ])('edge case %j is disallowed (names match exactly)', (method) => {
    expect(Policy.classify(method)).toBe('disallowed')
  })

  test.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])(
    'object property %s is disallowed',
    (method) => {
      expect(Policy.classify(method)).toBe('disallowed')
    },
  )

  test('non-strings are disallowed', () => {
    for (const value of [undefined, null, 1, {}, [], ['eth_call'], { toString: () => 'eth_call' }])
      expect(Policy.classify(value)).toBe('disallowed')
  })

  test('random strings are disallowed unless listed', () => {
    const listed = new Set<string>([
      ...Policy.SAFE_METHODS,
      ...Policy.UNSAFE_METHODS,
      ...Policy.NAMESPACE_METHODS,
    ])
    fc.assert(
      fc.property(fc.string(), (method) => {
        expect(Policy.classify(method) !== 'disallowed').toBe(listed.has(method))
      }),
      { numRuns: 300 },
    )
  })
})

describe('NAMESPACE_METHODS', () => {
  test('bip122, polkadot and cosmos message signing are unsafe (approval), each for its namespace', () => {
    expect(Policy.NAMESPACE_METHODS.map((m) => [Policy.classify(m), Policy.namespaceOf(m)])).toEqual([
      ['unsafe', 'bip122'],
      ['unsafe', 'polkadot'],
      ['unsafe', 'cosmos'],
    ])
    expect(
      Policy.UNSAFE_METHODS.filter((m) => (Policy.NAMESPACE_METHODS as readonly string[]).includes(m)),
    ).toEqual([])
  })

  test('the other methods: solana_* for solana, the rest eip155', () => {
    expect(Policy.namespaceOf('solana_signMessage')).toBe('solana')
    expect(Policy.namespaceOf('personal_sign')).toBe('eip155')
    expect(Policy.namespaceOf('polkadot_signTransaction')).toBe('eip155')
    expect(Policy.classify('polkadot_signTransaction')).toBe('disallowed')
  })
})

describe('isSafe', () => {
  test('only safe methods', () => {
    expect(Policy.isSafe('eth_chainId')).toBe(true)
    expect(Policy.isSafe('personal_sign')).toBe(false)
    expect(Policy.isSafe('eth_sign')).toBe(false)
  })
})

describe('isUnsafe', () => {
  test('only unsafe methods', () => {
    expect(Policy.isUnsafe('personal_sign')).toBe(true)
    expect(Policy.isUnsafe('eth_chainId')).toBe(false)
    expect(Policy.isUnsafe('eth_sign')).toBe(false)
  })
})

describe('DISALLOWED_MESSAGE', () => {
  test("the spec's strings and delay", () => {
    expect(Policy.DISALLOWED_MESSAGE).toBe('Action not allowed')
    expect(Policy.DISALLOWED_CONSOLE_MESSAGE).toBe('Requested RPC call is not allowed')
    expect(Policy.DISALLOWED_MESSAGE_DELAY_MS).toBe(300)
  })
})

describe('isUnsupported', () => {
  test('ERC-7715 permissions and eth_sendUserOperation are unsafe methods the embedded wallet refuses at once', () => {
    expect([...Policy.UNSUPPORTED_METHODS]).toEqual([
      'wallet_grantPermissions',
      'wallet_revokePermissions',
      'eth_sendUserOperation',
    ])
    for (const method of Policy.UNSUPPORTED_METHODS) {
      expect(Policy.classify(method)).toBe('unsafe')
      expect(Policy.isUnsupported(method)).toBe(true)
    }
    expect(Policy.isUnsupported('personal_sign')).toBe(false)
    expect(Policy.isUnsupported('constructor')).toBe(false)
    expect(Policy.isUnsupported(undefined)).toBe(false)
  })
})
