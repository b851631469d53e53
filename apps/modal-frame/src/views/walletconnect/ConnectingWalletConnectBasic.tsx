import { PairingView } from './Pairing.js'

/** ConnectingWalletConnectBasic: the plain pairing QR code, without any wallet's branding or links. */
export default function ConnectingWalletConnectBasic() {
  return <PairingView basic />
}
