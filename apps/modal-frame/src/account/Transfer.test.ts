import { decodeFunctionData, erc20Abi } from 'viem'
import { describe, expect, test } from 'vitest'
import * as Transfer from './Transfer.js'

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const FUSD = '0x86963C0Be1Ef7dF4273e5c86E918759a97486169'

describe('transaction', () => {
  test('the native coin: a value transfer to the receiver', () => {
    expect(Transfer.transaction({ contract: undefined, units: 10n ** 17n, from: FROM, to: TO })).toEqual({
      from: FROM,
      to: TO,
      value: '0x16345785d8a0000',
    })
  })

  test("an ERC-20: transfer(to, units) on the token's contract, no value", () => {
    const tx = Transfer.transaction({ contract: FUSD, units: 5_000_000n, from: FROM, to: TO })
    expect(tx).toMatchObject({ from: FROM, to: FUSD, value: '0x0' })
    expect(decodeFunctionData({ abi: erc20Abi, data: tx.data! })).toEqual({
      functionName: 'transfer',
      args: [TO, 5_000_000n],
    })
  })
})
