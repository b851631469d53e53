import { afterEach, describe, expect, test, vi } from 'vitest'
import * as Chains from './Chains.js'

afterEach(() => vi.restoreAllMocks())

describe("data-solana's chains", () => {
  test('none named (the attribute alone or empty): the default chains', () => {
    expect(Chains.fromAttribute(undefined)).toBeUndefined()
    expect(Chains.fromAttribute('')).toBeUndefined()
    expect(Chains.fromAttribute(' , ')).toBeUndefined()
  })

  test('a comma list of Wallet Standard chains, trimmed', () => {
    expect(Chains.fromAttribute('solana:localnet')).toEqual(['solana:localnet'])
    expect(Chains.fromAttribute(' solana:mainnet, solana:devnet ')).toEqual([
      'solana:mainnet',
      'solana:devnet',
    ])
  })

  test('a name that is no Solana chain is logged and left out', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(Chains.fromAttribute('solana:devnet,eip155:1')).toEqual(['solana:devnet'])
    expect(error).toHaveBeenCalledWith('Frontdoor: data-solana names no Solana chain: eip155:1')
    expect(Chains.fromAttribute('true')).toBeUndefined()
    expect(error).toHaveBeenLastCalledWith('Frontdoor: data-solana names no Solana chain: true')
  })
})
