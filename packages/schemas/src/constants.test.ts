import { describe, expect, test } from 'vitest'
import * as Constants from './constants.js'

describe('constants', () => {
  test('every value', () => {
    expect({ ...Constants }).toMatchInlineSnapshot(`
      {
        "ACCOUNT_NAME_MIN_LENGTH": 4,
        "ACCOUNT_NAME_ZONE": "frontdoor.id",
        "ACTIVITY_SUPPORTED_NAMESPACES": [
          "eip155",
        ],
        "ADDRESS_TRUNCATE_END_CHARS": 6,
        "ADDRESS_TRUNCATE_START_CHARS": 4,
        "AUTH_NAMESPACES": [
          "eip155",
          "solana",
          "polkadot",
          "bip122",
          "cosmos",
        ],
        "BALANCE_RETRY_LOCK_S": 30,
        "CONNECTION_STATUSES": [
          "disconnected",
          "connecting",
          "reconnecting",
          "connected",
        ],
        "DEFAULT_ACCOUNT_TYPES": {
          "bip122": "payment",
          "eip155": "smartAccount",
          "polkadot": "eoa",
          "solana": "eoa",
        },
        "DEFAULT_CONNECT_METHOD_ORDER": [
          "email",
          "social",
          "wallet",
        ],
        "DEFAULT_FEATURES": {
          "allWallets": true,
          "analytics": true,
          "connectMethodsOrder": [
            "email",
            "social",
            "wallet",
          ],
          "receive": true,
          "send": true,
          "socials": [
            "google",
            "x",
            "farcaster",
            "discord",
            "apple",
            "github",
            "facebook",
          ],
          "swaps": [
            "1inch",
          ],
        },
        "DEFAULT_LOG_LEVEL": "error",
        "DEFAULT_SDK_VERSION": 4,
        "DEFAULT_SOCIALS": [
          "google",
          "x",
          "farcaster",
          "discord",
          "apple",
          "github",
          "facebook",
        ],
        "DEFAULT_SWAPS_PROVIDERS": [
          "1inch",
        ],
        "DISALLOWED_METHOD_MESSAGE_DELAY_MS": 300,
        "EMAIL_LOGIN_COOLDOWN_S": 30,
        "ENS_CACHE_S": 300,
        "ERROR_REPORTS_MAX": 5,
        "ERROR_REPORTS_WINDOW_S": 60,
        "FALLBACK_LATENCY_WEIGHT": 0.3,
        "FALLBACK_PING_INTERVAL_MS": 4000,
        "FALLBACK_SAMPLE_COUNT": 10,
        "FALLBACK_STABILITY_WEIGHT": 0.7,
        "FEATURED_WALLETS_COUNT": 4,
        "FRAME_LOAD_TIMEOUT_S": 20,
        "HTTP_RPC_BATCH_SIZE": 1000,
        "HTTP_RPC_TIMEOUT_MS": 10000,
        "IDENTITY_CACHE_S": 300,
        "IMAGE_PRELOAD_WAIT_MS": 2000,
        "LOGIN_REQUEST_TIMEOUT_S": 120,
        "MAX_PENDING_TRANSACTIONS_SHOWN": 99,
        "MINUS_OPERATION_TYPES": [
          "withdraw",
          "repay",
          "burn",
        ],
        "MODAL_SHAKE_MS": 500,
        "NAMES_SUPPORTED_NAMESPACES": [
          "eip155",
        ],
        "NATIVE_BALANCE_CACHE_S": 30,
        "ONRAMP_FALLBACK_CURRENCIES": [
          "USD",
          "EUR",
        ],
        "ONRAMP_FALLBACK_LIMITS": {
          "bank_account": {
            "max": 25000,
            "min": 10,
          },
          "card": {
            "max": 7500,
            "min": 10,
          },
        },
        "ONRAMP_FEE_MAX_PERCENT": 2,
        "ONRAMP_FEE_MIN_PERCENT": 1,
        "ONRAMP_PROVIDERS": [
          "meld",
          "coinbase",
        ],
        "OTP_LENGTH": 6,
        "PAIRING_ACTIVE_LIFETIME_S": 2592000,
        "PAIRING_INACTIVE_LIFETIME_S": 300,
        "PAIRING_URI_EXPIRY_MARGIN_S": 10,
        "PAIRING_URI_LIFETIME_S": 240,
        "PLUS_OPERATION_TYPES": [
          "receive",
          "deposit",
          "borrow",
          "claim",
        ],
        "PORTFOLIO_CACHE_S": 30,
        "READY_DELAY_MS": 500,
        "RECENT_WALLETS_KEPT": 2,
        "RECOMMENDED_WALLETS_COUNT": 4,
        "RELAY_HEARTBEAT_S": 5,
        "RESTRICTED_TIMEZONES": [
          "Asia/Shanghai",
          "Asia/Urumqi",
          "Asia/Chongqing",
          "Asia/Chungking",
          "Asia/Harbin",
          "Asia/Kashgar",
          "Asia/Hong_Kong",
          "Asia/Macau",
          "Asia/Macao",
          "Hongkong",
          "PRC",
        ],
        "RETRY_BASE_MS": 1000,
        "RETRY_CAP_MS": 30000,
        "RETRY_DEFAULT_COUNT": 3,
        "RETRY_SERVER_COUNT": 0,
        "SEARCH_WALLETS_COUNT": 100,
        "SEND_SUPPORTED_NAMESPACES": [
          "eip155",
          "solana",
        ],
        "SESSION_LIFETIME_S": 604800,
        "SIGN_OUT_WAIT_S": 3,
        "SOCIAL_POPUP_HEIGHT_PX": 800,
        "SOCIAL_POPUP_WIDTH_PX": 600,
        "SWAP_SLIPPAGE_TOLERANCE_PERCENT": 1,
        "SWAP_SUPPORTED_CHAINS": [
          "eip155:1",
          "eip155:42161",
          "eip155:10",
          "eip155:324",
          "eip155:8453",
          "eip155:56",
          "eip155:137",
          "eip155:100",
          "eip155:43114",
          "eip155:250",
          "eip155:8217",
          "eip155:1313161554",
        ],
        "SWAP_SUPPORTED_CHAINS_COUNT": 12,
        "TOAST_AUTO_HIDE_MS": 2500,
        "TOAST_REPLACEMENT_DELAY_MS": 150,
        "TOKEN_PRICE_CACHE_S": 15,
        "TRANSACTION_AMOUNT_DECIMALS": 3,
        "TRANSACTION_HISTORY_CACHE_S": 15,
        "UNNAMED_CHAIN_PREFIX": "Chain ",
        "WALLETS_PER_PAGE": 40,
        "WALLET_SEARCH_DEBOUNCE_MS": 500,
        "WALLET_SEARCH_MIN_WAIT_MS": 300,
      }
    `)
  })

  test('section 9 values, spelled out', () => {
    expect(Constants.EMAIL_LOGIN_COOLDOWN_S).toBe(30)
    expect(Constants.BALANCE_RETRY_LOCK_S).toBe(30)
    expect(Constants.PORTFOLIO_CACHE_S).toBe(30)
    expect(Constants.NATIVE_BALANCE_CACHE_S).toBe(30)
    expect(Constants.ENS_CACHE_S).toBe(5 * 60)
    expect(Constants.IDENTITY_CACHE_S).toBe(5 * 60)
    expect(Constants.RECENT_WALLETS_KEPT).toBe(2)
    expect(Constants.TOAST_REPLACEMENT_DELAY_MS).toBe(150)
    expect([Constants.SOCIAL_POPUP_WIDTH_PX, Constants.SOCIAL_POPUP_HEIGHT_PX]).toEqual([600, 800])
    expect(Constants.ONRAMP_FALLBACK_LIMITS.card).toEqual({ min: 10, max: 7500 })
    expect(Constants.ONRAMP_FALLBACK_LIMITS.bank_account).toEqual({ min: 10, max: 25000 })
    expect(Constants.FRAME_LOAD_TIMEOUT_S).toBe(20)
    expect(Constants.LOGIN_REQUEST_TIMEOUT_S).toBe(120)
    expect(Constants.SIGN_OUT_WAIT_S).toBe(3)
    expect(Constants.READY_DELAY_MS).toBe(500)
    expect(Constants.WALLETS_PER_PAGE).toBe(40)
    expect(Constants.RECOMMENDED_WALLETS_COUNT).toBe(4)
    expect(Constants.SEARCH_WALLETS_COUNT).toBe(100)
    expect(Constants.FEATURED_WALLETS_COUNT).toBe(4)
    expect(Constants.MAX_PENDING_TRANSACTIONS_SHOWN).toBe(99)
    expect(Constants.SWAP_SLIPPAGE_TOLERANCE_PERCENT).toBe(1)
    expect(Constants.ONRAMP_PROVIDERS).toEqual(['meld', 'coinbase'])
    expect([Constants.ONRAMP_FEE_MIN_PERCENT, Constants.ONRAMP_FEE_MAX_PERCENT]).toEqual([1, 2])
    expect([Constants.RETRY_BASE_MS, Constants.RETRY_CAP_MS, Constants.RETRY_DEFAULT_COUNT]).toEqual([
      1000, 30000, 3,
    ])
    expect(Constants.DISALLOWED_METHOD_MESSAGE_DELAY_MS).toBe(300)
    expect(Constants.TRANSACTION_AMOUNT_DECIMALS).toBe(3)
    expect([Constants.ADDRESS_TRUNCATE_START_CHARS, Constants.ADDRESS_TRUNCATE_END_CHARS]).toEqual([4, 6])
    expect(Constants.PLUS_OPERATION_TYPES).toEqual(['receive', 'deposit', 'borrow', 'claim'])
    expect(Constants.MINUS_OPERATION_TYPES).toEqual(['withdraw', 'repay', 'burn'])
    expect(Constants.DEFAULT_SDK_VERSION).toBe(4)
    expect(Constants.DEFAULT_LOG_LEVEL).toBe('error')
    expect([Constants.ERROR_REPORTS_MAX, Constants.ERROR_REPORTS_WINDOW_S]).toEqual([5, 60])
    expect([Constants.HTTP_RPC_TIMEOUT_MS, Constants.HTTP_RPC_BATCH_SIZE]).toEqual([10000, 1000])
    expect(Constants.FALLBACK_PING_INTERVAL_MS).toBe(4000)
    expect(Constants.FALLBACK_SAMPLE_COUNT).toBe(10)
    expect(Constants.FALLBACK_STABILITY_WEIGHT + Constants.FALLBACK_LATENCY_WEIGHT).toBe(1)
    expect([Constants.FALLBACK_STABILITY_WEIGHT, Constants.FALLBACK_LATENCY_WEIGHT]).toEqual([0.7, 0.3])
    expect(Constants.PAIRING_URI_LIFETIME_S).toBe(4 * 60)
    expect(Constants.PAIRING_URI_EXPIRY_MARGIN_S).toBe(10)
    expect(Constants.PAIRING_INACTIVE_LIFETIME_S).toBe(5 * 60)
    expect(Constants.SESSION_LIFETIME_S).toBe(7 * 86400)
    expect(Constants.RELAY_HEARTBEAT_S).toBe(5)
    expect(Constants.IMAGE_PRELOAD_WAIT_MS).toBe(2000)
  })

  test('section 1 defaults', () => {
    expect(Constants.DEFAULT_SOCIALS).toEqual([
      'google',
      'x',
      'farcaster',
      'discord',
      'apple',
      'github',
      'facebook',
    ])
    expect(Constants.DEFAULT_CONNECT_METHOD_ORDER).toEqual(['email', 'social', 'wallet'])
    expect(Constants.DEFAULT_FEATURES).toMatchObject({
      send: true,
      receive: true,
      analytics: true,
      allWallets: true,
    })
    expect(Constants.DEFAULT_FEATURES.swaps).toEqual(['1inch'])
    expect(Constants.DEFAULT_ACCOUNT_TYPES).toEqual({
      eip155: 'smartAccount',
      solana: 'eoa',
      polkadot: 'eoa',
      bip122: 'payment',
    })
    expect(Constants.SWAP_SUPPORTED_CHAINS_COUNT).toBe(12)
    expect(new Set(Constants.SWAP_SUPPORTED_CHAINS).size).toBe(12)
    expect(Constants.SWAP_SUPPORTED_CHAINS.every((chain) => /^eip155:[1-9]\d*$/.test(chain))).toBe(true)
    expect(Constants.SEND_SUPPORTED_NAMESPACES).toEqual(['eip155', 'solana'])
    expect(Constants.ACTIVITY_SUPPORTED_NAMESPACES).toEqual(['eip155'])
    expect(Constants.NAMES_SUPPORTED_NAMESPACES).toEqual(['eip155'])
    expect(Constants.AUTH_NAMESPACES).toEqual(['eip155', 'solana', 'polkadot', 'bip122', 'cosmos'])
  })

  test('REFERENCE.md field constants', () => {
    expect(Constants.OTP_LENGTH).toBe(6)
    expect(Constants.TOAST_AUTO_HIDE_MS).toBe(2500)
    expect([Constants.WALLET_SEARCH_MIN_WAIT_MS, Constants.WALLET_SEARCH_DEBOUNCE_MS]).toEqual([300, 500])
    expect([Constants.TRANSACTION_HISTORY_CACHE_S, Constants.TOKEN_PRICE_CACHE_S]).toEqual([15, 15])
    expect(Constants.PAIRING_ACTIVE_LIFETIME_S).toBe(30 * 86400)
  })
})
