import * as Calls from '@frontdoor/protocol/calls'

/**
 * EIP-5792 requests to an external wallet (injected or WalletConnect): their params are checked before
 * the wallet sees them (-32602 naming the field), and a wallet that does not know the method (its
 * -32601 or 4200, or a WalletConnect session without it) gives the page 4200 'The Provider does not
 * support the requested method.' (packages/protocol's calls). Everything else the wallet answers,
 * its batch ids, statuses and capabilities, reaches the page as the wallet gave it.
 */

/** Whether `method` is an EIP-5792 method. */
export const isCallsMethod = Calls.isCallsMethod

/**
 * Sends EIP-5792 request `method` through `send`. `supported` false (the wallet said so before, e.g. a
 * WalletConnect session that lacks the method) refuses it with 4200 without asking the wallet.
 */
export async function request(
  method: Calls.Method,
  params: unknown,
  send: (params: unknown[]) => Promise<unknown>,
  supported = true,
): Promise<unknown> {
  const checked = Calls.checkParams(method, params)
  if (!supported) throw Calls.unsupported(method)
  try {
    return await send(checked)
  } catch (error) {
    if (Calls.isUnsupportedAnswer(error)) throw Calls.unsupported(method)
    throw error
  }
}
