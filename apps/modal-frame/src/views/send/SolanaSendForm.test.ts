import * as SolanaTransaction from '@frontdoor/protocol/solana-transaction'
import * as SolanaTransfer from '@frontdoor/protocol/solana-transfer'
import type * as Token from '@frontdoor/schemas/entities/token'
import * as Errors from '@frontdoor/schemas/errors'
import { describe, expect, test } from 'vitest'
import { INSUFFICIENT_BALANCE, INVALID_AMOUNT } from './SendForm.js'
import * as SolanaSendForm from './SolanaSendForm.js'

const CHAIN = 'solana:FxwCwhiscJPbAuFKVEq7mmzfCkcEoFth'
const MINT = 'Gh9ZwEmdLJ8DscKNTkTqPbNwLNNBjuSzaG9Vp2KGtKJr'
const TO = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const sol = (numeric: string): Token.TokenBalance => ({
  name: 'Solana',
  symbol: 'SOL',
  chainId: CHAIN,
  price: 0,
  quantity: { decimals: '9', numeric },
  iconUrl: '',
})
const fusd = (numeric: string): Token.TokenBalance => ({
  name: 'Frontdoor USD',
  symbol: 'FUSD',
  chainId: CHAIN,
  address: `${CHAIN}:${MINT}`,
  price: 1,
  quantity: { decimals: 6, numeric },
  iconUrl: '',
})
const draft = (patch: Partial<SolanaSendForm.Draft>): SolanaSendForm.Draft => ({
  token: undefined,
  amount: '1',
  receiverAddress: TO,
  sol: sol('2'),
  ...patch,
})

describe('validate', () => {
  test("the spec's error first: an amount and a receiver are required; no token is (SOL is sent)", () => {
    expect(SolanaSendForm.validate(draft({ amount: '' }))).toBe(Errors.SEND_AMOUNT_AND_RECEIVER_REQUIRED)
    expect(SolanaSendForm.validate(draft({ amount: '0' }))).toBe(Errors.SEND_AMOUNT_AND_RECEIVER_REQUIRED)
    expect(SolanaSendForm.validate(draft({ receiverAddress: undefined }))).toBe(
      Errors.SEND_AMOUNT_AND_RECEIVER_REQUIRED,
    )
    expect(SolanaSendForm.validate(draft({ token: undefined }))).toBeUndefined()
  })

  test('an amount that is no plain number, or finer than the token’s decimals, is not valid', () => {
    expect(SolanaSendForm.validate(draft({ amount: '1e3' }))).toBe(INVALID_AMOUNT)
    expect(SolanaSendForm.validate(draft({ amount: '0.0000000001' }))).toBe(INVALID_AMOUNT)
    expect(SolanaSendForm.validate(draft({ token: fusd('5'), amount: '0.0000001' }))).toBe(INVALID_AMOUNT)
  })

  test('more decimals than the token has are refused, never cut to a smaller amount', () => {
    expect(SolanaSendForm.validate(draft({ token: fusd('5'), amount: '1.000001' }))).toBeUndefined()
    expect(SolanaSendForm.validate(draft({ token: fusd('5'), amount: '1.0000019' }))).toBe(INVALID_AMOUNT)
    expect(SolanaSendForm.validate(draft({ amount: '1.0000000001' }))).toBe(INVALID_AMOUNT)
    expect(SolanaSendForm.units({ token: fusd('5'), sol: sol('2'), amount: '1.000001' })).toBe(1_000_001n)
    expect(() => SolanaSendForm.units({ token: fusd('5'), sol: sol('2'), amount: '1.0000019' })).toThrow(
      INVALID_AMOUNT,
    )
  })

  test('an amount a u64 cannot hold is not valid', () => {
    const huge = { token: fusd('99999999999999999999'), sol: sol('2') }
    expect(SolanaSendForm.validate(draft({ ...huge, amount: '18446744073709.551615' }))).toBeUndefined()
    expect(SolanaSendForm.validate(draft({ ...huge, amount: '18446744073709.551616' }))).toBe(INVALID_AMOUNT)
  })

  test('SPL: a receiver off the curve (a token account, a program-derived address) cannot own tokens', async () => {
    const ata = await SolanaTransfer.associatedTokenAddress(TO, MINT)
    expect(SolanaSendForm.isAddress(ata)).toBe(true)
    expect(SolanaSendForm.validate(draft({ token: fusd('5'), receiverAddress: TO }))).toBeUndefined()
    expect(SolanaSendForm.validate(draft({ token: fusd('5'), receiverAddress: ata }))).toBe(
      'This address cannot own tokens',
    )
    expect(SolanaSendForm.RECEIVER_CANNOT_OWN_TOKENS).toBe('This address cannot own tokens')
    // SOL may go to a program-derived address (a program's vault).
    expect(SolanaSendForm.validate(draft({ receiverAddress: ata }))).toBeUndefined()
  })

  test('the receiver must be a Solana address: base58 of 32 bytes (an EVM address is not)', () => {
    expect(
      SolanaSendForm.validate(draft({ receiverAddress: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })),
    ).toBe(Errors.INVALID_ADDRESS)
    expect(SolanaSendForm.validate(draft({ receiverAddress: `${TO.slice(0, -1)}0` }))).toBe(
      Errors.INVALID_ADDRESS,
    )
    // Base58 characters, but 31 bytes.
    expect(SolanaSendForm.validate(draft({ receiverAddress: '1111111111111111111111111111111' }))).toBe(
      Errors.INVALID_ADDRESS,
    )
    expect(SolanaSendForm.isAddress(TO)).toBe(true)
  })

  test('SOL: the amount and one signature’s fee within the balance', () => {
    expect(SolanaSendForm.validate(draft({ amount: '1.999995' }))).toBeUndefined()
    expect(SolanaSendForm.validate(draft({ amount: '1.999995001' }))).toBe(INSUFFICIENT_BALANCE)
    expect(SolanaSendForm.validate(draft({ amount: '2' }))).toBe(INSUFFICIENT_BALANCE)
    expect(SolanaSendForm.validate(draft({ sol: undefined }))).toBe(INSUFFICIENT_BALANCE)
  })

  test('SPL: the amount within the token’s balance, and SOL for the fee', () => {
    expect(SolanaSendForm.validate(draft({ token: fusd('5'), amount: '5' }))).toBeUndefined()
    expect(SolanaSendForm.validate(draft({ token: fusd('5'), amount: '5.000001' }))).toBe(
      INSUFFICIENT_BALANCE,
    )
    expect(SolanaSendForm.validate(draft({ token: fusd('5'), amount: '1', sol: sol('0.000004999') }))).toBe(
      SolanaSendForm.INSUFFICIENT_SOL_FOR_FEE,
    )
    expect(SolanaSendForm.validate(draft({ token: fusd('5'), amount: '1', sol: undefined }))).toBe(
      SolanaSendForm.INSUFFICIENT_SOL_FOR_FEE,
    )
  })
})

describe('checkCosts', () => {
  const costs: SolanaSendForm.Costs = {
    fee: 5000n,
    tokenAccountRent: 0n,
    rentMinimum: 890_880n,
    receiverLamports: 1n,
  }
  test('SOL: the real fee within the balance', () => {
    expect(
      SolanaSendForm.checkCosts({ token: undefined, sol: sol('2') }, 1_999_995_000n, costs),
    ).toBeUndefined()
    expect(
      SolanaSendForm.checkCosts({ token: undefined, sol: sol('2') }, 1_999_995_000n, {
        ...costs,
        fee: 10_000n,
      }),
    ).toBe(INSUFFICIENT_BALANCE)
  })
  test('SOL: a new account receives at least the rent-exempt minimum', () => {
    const fresh = { ...costs, receiverLamports: 0n }
    expect(SolanaSendForm.checkCosts({ token: undefined, sol: sol('2') }, 890_879n, fresh)).toBe(
      SolanaSendForm.BELOW_RENT_MINIMUM('0.00089088'),
    )
    expect(SolanaSendForm.checkCosts({ token: undefined, sol: sol('2') }, 890_880n, fresh)).toBeUndefined()
    // An existing account may receive less.
    expect(SolanaSendForm.checkCosts({ token: undefined, sol: sol('2') }, 1n, costs)).toBeUndefined()
  })
  test('SOL: the sender keeps the rent-exempt minimum or sends all of it', () => {
    const all = 2_000_000_000n - 5000n
    expect(SolanaSendForm.checkCosts({ token: undefined, sol: sol('2') }, all, costs)).toBeUndefined()
    expect(SolanaSendForm.checkCosts({ token: undefined, sol: sol('2') }, all - 890_879n, costs)).toBe(
      SolanaSendForm.LEAVES_BELOW_RENT_MINIMUM('0.00089088'),
    )
    expect(
      SolanaSendForm.checkCosts({ token: undefined, sol: sol('2') }, all - 890_880n, costs),
    ).toBeUndefined()
  })
  test('SPL: the fee and a new token account’s rent in SOL', () => {
    const creating = { ...costs, tokenAccountRent: 2_039_280n }
    expect(
      SolanaSendForm.checkCosts({ token: fusd('5'), sol: sol('0.002044280') }, 1n, creating),
    ).toBeUndefined()
    expect(SolanaSendForm.checkCosts({ token: fusd('5'), sol: sol('0.002044279') }, 1n, creating)).toBe(
      SolanaSendForm.INSUFFICIENT_SOL_FOR_FEE,
    )
    expect(SolanaSendForm.checkCosts({ token: fusd('5'), sol: sol('0.000005') }, 1n, costs)).toBeUndefined()
  })
})

describe('maxAmount', () => {
  test('SOL less one signature’s fee (never below 0); a token’s whole balance', () => {
    expect(SolanaSendForm.maxAmount(undefined, sol('2'))).toBe('1.999995')
    expect(SolanaSendForm.maxAmount(sol('2'), sol('2'))).toBe('1.999995')
    expect(SolanaSendForm.maxAmount(undefined, sol('0.000001'))).toBe('0')
    expect(SolanaSendForm.maxAmount(fusd('3.5'), sol('2'))).toBe('3.5')
  })
  test('the mint of a CAIP-10 token; SOL has none', () => {
    expect(SolanaSendForm.mintOf(fusd('1'))).toBe(MINT)
    expect(SolanaSendForm.mintOf(sol('1'))).toBeUndefined()
  })
})

describe('amountText', () => {
  test('the preview’s amount comes from the base units sent, in the token’s decimals', () => {
    expect(SolanaSendForm.amountText({ token: fusd('5'), sol: sol('2') }, 1_000_001n)).toBe('1.000001')
    expect(SolanaSendForm.amountText({ token: undefined, sol: sol('2') }, 1_500_000_000n)).toBe('1.5')
  })
})

describe('tokenProgramOf', () => {
  const { token, token2022, system } = SolanaTransaction.PROGRAMS
  test('SPL Token and Token-2022 mints give their program; any other owner is refused', () => {
    expect(SolanaSendForm.tokenProgramOf({ owner: token, space: 82 })).toBe(token)
    expect(SolanaSendForm.tokenProgramOf({ owner: token })).toBe(token)
    expect(SolanaSendForm.tokenProgramOf({ owner: token2022, space: 82 })).toBe(token2022)
    expect(() => SolanaSendForm.tokenProgramOf({ owner: system, space: 82 })).toThrow(
      SolanaSendForm.UNSUPPORTED_TOKEN,
    )
    expect(() => SolanaSendForm.tokenProgramOf({ owner: TO, space: 82 })).toThrow(
      SolanaSendForm.UNSUPPORTED_TOKEN,
    )
    expect(() => SolanaSendForm.tokenProgramOf(null)).toThrow(SolanaSendForm.UNSUPPORTED_TOKEN)
  })
  test('a Token-2022 mint with extensions (or of unknown size) is refused: fees or hooks could change the amount', () => {
    expect(SolanaSendForm.TOKEN_EXTENSIONS_UNSUPPORTED).toMatch(
      /^This token cannot be sent from Frontdoor yet/,
    )
    expect(() => SolanaSendForm.tokenProgramOf({ owner: token2022, space: 234 })).toThrow(
      SolanaSendForm.TOKEN_EXTENSIONS_UNSUPPORTED,
    )
    expect(() => SolanaSendForm.tokenProgramOf({ owner: token2022 })).toThrow(
      SolanaSendForm.TOKEN_EXTENSIONS_UNSUPPORTED,
    )
  })
})

describe('checkReceiver', () => {
  test('SPL: a receiver owned by a token program is a token account, not a wallet', () => {
    const { token, token2022, system } = SolanaTransaction.PROGRAMS
    expect(SolanaSendForm.checkReceiver(null)).toBeUndefined()
    expect(SolanaSendForm.checkReceiver({ owner: system })).toBeUndefined()
    expect(SolanaSendForm.checkReceiver({ owner: token })).toBe(
      'This address is a token account, not a wallet',
    )
    expect(SolanaSendForm.checkReceiver({ owner: token2022 })).toBe(SolanaSendForm.RECEIVER_IS_TOKEN_ACCOUNT)
  })
})
