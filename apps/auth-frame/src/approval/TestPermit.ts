// The EIP-2612 permit the approval tests ask to sign (Changes.test, Summary.test).

/**
 * A permit of `token` (named Frontdoor USD) as a dApp hands it to eth_signTypedData_v4: `owner` lets
 * `spender` move `value` (in the token's smallest unit) until 2030-01-01.
 *
 * @example
 * const signing = { method: 'eth_signTypedData_v4', params: [ME, JSON.stringify(TestPermit.of({ token, owner: ME, spender, value: '2500000' }))] }
 */
export function of(options: { token: string; owner: string; spender: string; value: string }) {
  return {
    types: {
      Permit: [
        { name: 'owner', type: 'address' },
        { name: 'spender', type: 'address' },
        { name: 'value', type: 'uint256' },
        { name: 'nonce', type: 'uint256' },
        { name: 'deadline', type: 'uint256' },
      ],
    },
    primaryType: 'Permit',
    domain: { name: 'Frontdoor USD', verifyingContract: options.token },
    message: {
      owner: options.owner,
      spender: options.spender,
      value: options.value,
      nonce: '0',
      deadline: '1893456000',
    },
  }
}

/** Uniswap's Permit2 (SignRequest.PERMIT2). */
const PERMIT2 = '0x000000000022D473030F116dDEE9F6B43aC78BA3'

const PERMIT_DETAILS = [
  { name: 'token', type: 'address' },
  { name: 'amount', type: 'uint160' },
  { name: 'expiration', type: 'uint48' },
  { name: 'nonce', type: 'uint48' },
]

/**
 * A Permit2 PermitSingle as Uniswap's SDK hands it to eth_signTypedData_v4: `spender` may take `amount`
 * of `token` (base units) through Permit2 until 2030-01-01; the signature is good until the same date.
 */
export function single(options: { token: string; spender: string; amount: string; chainId?: number }) {
  return {
    types: {
      PermitDetails: PERMIT_DETAILS,
      PermitSingle: [
        { name: 'details', type: 'PermitDetails' },
        { name: 'spender', type: 'address' },
        { name: 'sigDeadline', type: 'uint256' },
      ],
    },
    primaryType: 'PermitSingle',
    domain: { name: 'Permit2', chainId: options.chainId ?? 31337, verifyingContract: PERMIT2 },
    message: {
      details: { token: options.token, amount: options.amount, expiration: '1893456000', nonce: '0' },
      spender: options.spender,
      sigDeadline: '1893456000',
    },
  }
}

/** A Permit2 PermitBatch of `tokens` (each with its amount in base units) for `spender`, as {@link single}. */
export function batch(options: { tokens: { token: string; amount: string }[]; spender: string }) {
  return {
    types: {
      PermitDetails: PERMIT_DETAILS,
      PermitBatch: [
        { name: 'details', type: 'PermitDetails[]' },
        { name: 'spender', type: 'address' },
        { name: 'sigDeadline', type: 'uint256' },
      ],
    },
    primaryType: 'PermitBatch',
    domain: { name: 'Permit2', chainId: 31337, verifyingContract: PERMIT2 },
    message: {
      details: options.tokens.map(({ token, amount }) => ({ token, amount, expiration: '0', nonce: '0' })),
      spender: options.spender,
      sigDeadline: '1893456000',
    },
  }
}
