import { DevKeys } from '@frontdoor/protocol'
import { mnemonicToAccount } from 'viem/accounts'

let addresses: ReadonlySet<string> | undefined

/**
 * The addresses of the public dev mnemonic (lowercase): everyone holds their keys, so outside
 * development no name may point at them. Derived once, on first use.
 */
export function devAddresses(): ReadonlySet<string> {
  addresses ??= new Set(
    Array.from({ length: DevKeys.PUBLIC_DEV_ACCOUNT_COUNT }, (_, addressIndex) =>
      mnemonicToAccount(DevKeys.PUBLIC_DEV_MNEMONIC, { addressIndex }).address.toLowerCase(),
    ),
  )
  return addresses
}
