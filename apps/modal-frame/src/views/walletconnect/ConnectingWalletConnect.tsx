import type { Directory } from '@frontdoor/schemas'
import { useController } from '../../controller/context.js'
import { PairingView, type Wallet } from './Pairing.js'

/** The wallet a view was opened for, from its route data (`{ id, name, wallet? }`) and the directory. */
export function walletOf(
  data: Record<string, unknown> | undefined,
  known: readonly Directory.Wallet[],
): Wallet | undefined {
  const id = typeof data?.id === 'string' ? data.id : undefined
  if (!id) return undefined
  const given = data?.wallet as Directory.Wallet | undefined
  const entry = given?.id === id ? given : known.find((w) => w.id === id)
  const name = typeof data?.name === 'string' ? data.name : (entry?.name ?? 'WalletConnect')
  const image = typeof data?.image_url === 'string' ? data.image_url : entry?.image_url
  return { id, name, image_url: image, entry }
}

/**
 * ConnectingWalletConnect: pairs with WalletConnect, for a wallet picked in a list (its logo in the QR
 * code, links to its apps) or for any wallet (the WalletConnect mark).
 */
export default function ConnectingWalletConnect() {
  const controller = useController()
  const wallet = walletOf(controller.router.get().data, controller.state.get().wallets)
  return <PairingView wallet={wallet} />
}
