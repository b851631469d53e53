import * as z from 'zod/mini'
import * as Directory from '../api/directory.js'

/** A wallet directory entry as the modal keeps it: the fields of spec section 3. */
export const WalletEntry = z.pick(Directory.Wallet, {
  id: true,
  name: true,
  image_id: true,
  rdns: true,
  mobile_link: true,
  desktop_link: true,
  webapp_link: true,
  chains: true,
})
/** A wallet directory entry as the modal keeps it: the fields of spec section 3. */
export type WalletEntry = z.infer<typeof WalletEntry>
