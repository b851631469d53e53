import * as Errors from '../errors.js'

/**
 * Returns the account address a history fetch needs.
 * @throws Error "Transactions can't be fetched without an accountAddress"
 */
export function requireAccountAddress(accountAddress: string | undefined): string {
  if (!accountAddress) throw new Error(Errors.TRANSACTIONS_NEED_ACCOUNT_ADDRESS)
  return accountAddress
}
