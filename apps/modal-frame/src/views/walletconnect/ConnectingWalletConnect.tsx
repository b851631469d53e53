import type { Directory } from '@frontdoor/schemas'
import { useController } from '../../controller/context.js'
import type * as Schemas from '../../router/Schemas.js'
import { PairingView, type Wallet } from './Pairing.js'

/** The wallet a view was opened for, from its route data (`{ id, name, wallet? }`) and the directory. */
function walletOf(data: Schemas.WalletConnectData, known: readonly Directory.Wallet[]): Wallet | undefined {
  if (!data) return undefined
  const { id, wallet } = data
  const entry = wallet?.id === id ? wallet : known.find((w) => w.id === id)
  return { id, name: data.name, image_url: data.image_url ?? entry?.image_url, entry }
}

/**
 * ConnectingWalletConnect: pairs with WalletConnect, for a wallet picked in a list (its logo in the QR
 * code, links to its apps) or for any wallet (the WalletConnect mark).
 */
export default function ConnectingWalletConnect({ data }: { data: Schemas.WalletConnectData }) {
  const controller = useController()
  const wallet = walletOf(data, controller.state.get().wallets)
  return <PairingView wallet={wallet} />
}
