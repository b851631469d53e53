import { describe, expect, test } from 'vitest'
import * as Errors from './errors.js'

describe('errors', () => {
  test('every message, verbatim', () => {
    const { pleaseTryAgainAfter: _a, failedToDisconnectChains: _b, ...strings } = Errors
    expect(strings).toMatchInlineSnapshot(`
      {
        "ACCOUNT_NAME_INVALID_CHARACTERS": "Name can only contain letters, numbers and - characters",
        "ACCOUNT_NAME_TOO_SHORT": "Name must be at least 4 characters",
        "ACTION_NOT_ALLOWED": "Action not allowed",
        "AUTH_INIT_FAILED": "A problem occurred while trying initialize authentication",
        "CHAIN_NOT_SUPPORTED": "Chain is not supported",
        "EXECUTION_REVERTED": "Execution reverted",
        "FAILED_TO_FETCH_TRANSACTIONS": "Failed to fetch transactions",
        "FRAME": {
          "AN_ERROR_OCCURRED": "An error occurred",
          "EMAIL_LOGIN_DEPENDENCY": "Unable to load email login dependency",
          "IFRAME_LOAD_FAILED": "iframe_load_failed",
          "IFRAME_REQUEST_TIMEOUT": "iframe_request_timeout",
          "REQUEST_ABORTED": "Request was aborted",
          "SOMETHING_WENT_WRONG": "Something went wrong",
          "UNVERIFIED_DOMAIN": "unverified_domain",
        },
        "INTERNAL": {
          "ADAPTER_NOT_FOUND": "Adapter not found",
          "CONNECT_BEFORE_REQUEST": "Please call connect() before request()",
          "NO_ACTIVE_CAIP_ADDRESS": "No ActiveCaipAddress found",
          "SIWX_NOT_ENABLED": "SIWX is not enabled",
        },
        "INVALID_ADDRESS": "Invalid address",
        "INVALID_EMAIL": "Invalid email",
        "INVALID_SOCIAL_PROVIDER": "Invalid social provider",
        "LOCAL_CONFIGURATION_IGNORED": "Local configuration ignored",
        "LOGIN": {
          "CONNECTION_REJECTED": "Connection rejected",
          "FAILED_TO_CONNECT": "Failed to connect",
          "FAILED_TO_CONNECT_FARCASTER": "Failed to connect to farcaster",
          "FAILED_TO_INITIATE_SOCIAL": "Failed to initiate social connection",
          "MODAL_CLOSED": "Modal closed",
          "NOT_CONNECTED_TO_EMAIL_OR_SOCIAL": "Not connected to email or social",
          "NO_AUTH_CONNECTOR": "No auth connector found",
          "POPUP_CLOSED": "Popup closed",
        },
        "NAMES": {
          "ADDRESS_OR_CONNECTOR_NOT_FOUND": "Address or auth connector not found",
          "NAMES_FOR_ADDRESS": "Error fetching names for address",
          "NETWORK_NOT_FOUND": "Network not found",
          "REGISTER": "Error registering name",
          "RESOLVE": "Error resolving name",
          "SUGGESTIONS": "Error fetching name suggestions",
        },
        "NETWORK_NOT_SUPPORTED_FOR_GAS_PRICE": "Network not supported for Gas Price",
        "NETWORK_NOT_SUPPORTED_FOR_SWAPS": "Network not supported for Swaps",
        "NOT_AVAILABLE_ON_THIS_SERVER": "Not available on this server",
        "RPC_CALL_NOT_ALLOWED": "Requested RPC call is not allowed",
        "SEND_AMOUNT_AND_RECEIVER_REQUIRED": "An amount and receiver address are required",
        "SEND_TOKEN_REQUIRED": "A token is required",
        "SERVER": {
          "INVALID_KEY": "Unauthorized: invalid key",
          "ORIGIN_NOT_ALLOWED": "Unauthorized: origin not allowed",
          "TOKEN_NOT_YET_VALID": "JWT validation error: JWT Token is not yet valid",
        },
        "SIGNATURE_DECLINED": "Signature declined",
        "SIWX_AND_SIWE_BOTH_SET": "Cannot set both \`siweConfig\` and \`siwx\` options",
        "SMART_ACCOUNTS_MAYBE_UNSUPPORTED": "This application might not support Smart Accounts",
        "TOKEN_BALANCE_UNAVAILABLE": "Token Balance Unavailable",
        "TRANSACTIONS_NEED_ACCOUNT_ADDRESS": "Transactions can't be fetched without an accountAddress",
        "UNSUPPORTED_CHAIN": "Unsupported chain",
        "networkNotAvailable": [Function],
        "noUpstream": [Function],
      }
    `)
  })
})

describe('pleaseTryAgainAfter', () => {
  test('the spec string', () => {
    expect(Errors.pleaseTryAgainAfter(12)).toBe('Please try again after 12 seconds')
  })
})

describe('failedToDisconnectChains', () => {
  test('the spec string', () => {
    expect(Errors.failedToDisconnectChains('eip155, solana')).toBe(
      'Failed to disconnect chains: eip155, solana',
    )
  })
})

describe('spec strings', () => {
  test('section 5', () => {
    expect(Errors.SIWX_AND_SIWE_BOTH_SET).toBe('Cannot set both `siweConfig` and `siwx` options')
    expect(Errors.CHAIN_NOT_SUPPORTED).toBe('Chain is not supported')
    expect(Errors.TRANSACTIONS_NEED_ACCOUNT_ADDRESS).toBe(
      "Transactions can't be fetched without an accountAddress",
    )
    expect(Errors.SEND_AMOUNT_AND_RECEIVER_REQUIRED).toBe('An amount and receiver address are required')
    expect(Errors.SEND_TOKEN_REQUIRED).toBe('A token is required')
    expect(Errors.UNSUPPORTED_CHAIN).toBe('Unsupported chain')
    expect(Errors.LOCAL_CONFIGURATION_IGNORED).toBe('Local configuration ignored')
  })

  test('section 8', () => {
    expect(Errors.TOKEN_BALANCE_UNAVAILABLE).toBe('Token Balance Unavailable')
    expect(Errors.NETWORK_NOT_SUPPORTED_FOR_SWAPS).toBe('Network not supported for Swaps')
    expect(Errors.NETWORK_NOT_SUPPORTED_FOR_GAS_PRICE).toBe('Network not supported for Gas Price')
    expect(Errors.noUpstream('eip155:1')).toBe('Not available on this server: no upstream for eip155:1')
    expect(Errors.networkNotAvailable('Ethereum')).toBe('Ethereum is not available on this server')
    expect(Object.values(Errors.LOGIN)).toEqual([
      'Modal closed',
      'Popup closed',
      'Failed to connect',
      'Failed to initiate social connection',
      'Connection rejected',
      'Failed to connect to farcaster',
      'No auth connector found',
      'Not connected to email or social',
    ])
    expect(Errors.AUTH_INIT_FAILED).toBe('A problem occurred while trying initialize authentication')
    expect(Errors.SIGNATURE_DECLINED).toBe('Signature declined')
    expect(Errors.SMART_ACCOUNTS_MAYBE_UNSUPPORTED).toBe('This application might not support Smart Accounts')
    expect(Errors.FAILED_TO_FETCH_TRANSACTIONS).toBe('Failed to fetch transactions')
    expect(Errors.ACTION_NOT_ALLOWED).toBe('Action not allowed')
    expect(Errors.RPC_CALL_NOT_ALLOWED).toBe('Requested RPC call is not allowed')
    expect(Object.values(Errors.FRAME)).toEqual([
      'Unable to load email login dependency',
      'An error occurred',
      'Request was aborted',
      'Something went wrong',
      'iframe_load_failed',
      'iframe_request_timeout',
      'unverified_domain',
    ])
    expect(Object.values(Errors.NAMES)).toEqual([
      'Error resolving name',
      'Error fetching name suggestions',
      'Error fetching names for address',
      'Network not found',
      'Address or auth connector not found',
      'Error registering name',
    ])
    expect(Object.values(Errors.INTERNAL)).toEqual([
      'Adapter not found',
      'SIWX is not enabled',
      'No ActiveCaipAddress found',
      'Please call connect() before request()',
    ])
    expect(Errors.SERVER.ORIGIN_NOT_ALLOWED).toBe('Unauthorized: origin not allowed')
    expect(Errors.SERVER.INVALID_KEY).toBe('Unauthorized: invalid key')
  })
})
