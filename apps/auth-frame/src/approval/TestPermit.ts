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
