import * as z from 'zod/mini'

/**
 * Pay (spec section 2's `pay` feature screen): the page asks for a payment with `frontdoor.pay()`, the
 * modal shows it and the visitor pays from the connected wallet. The request's shape is checked here
 * (the modal's end of the bridge, before anything shows); what needs the chain (the asset's contract,
 * its decimals) the modal checks with {@link amountUnits} and the messages below.
 */

/** The asset name of the network's own coin (ETH on the devnets). */
export const NATIVE = 'native'

const ADDRESS = /^0x[0-9a-fA-F]{40}$/

/** A payment the page asks for: what (`native` or an ERC-20 contract), how much, to whom. */
export const PayRequest = z.strictObject({
  /** `native`, or the ERC-20 contract's address on the page's current network. */
  asset: z.string().check(z.regex(/^(native|0x[0-9a-fA-F]{40})$/, 'must be "native" or a token address')),
  /** A decimal string in the asset's units, above zero: `'5'`, `'0.25'`. */
  amount: z.string().check(z.regex(/^\d{1,78}(\.\d{1,78})?$/, 'must be a decimal string like "5"')),
  /** Who is paid: an address (0x and 40 hex digits). */
  recipient: z.string().check(z.regex(ADDRESS, 'must be an address')),
})
/** A payment the page asks for. */
export type PayRequest = z.infer<typeof PayRequest>

/** What `pay` answers: the hash of the mined payment. */
export const TransactionHash = z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/, 'must be a transaction hash'))
