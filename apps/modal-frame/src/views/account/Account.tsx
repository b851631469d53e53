import { Format } from '@frontdoor/schemas'
import { useState } from 'react'
import { useController } from '../../app/context.js'
import { useStore } from '../../store/useStore.js'

/** The Account view: the connected address, its wallet and network, and 'Disconnect'. */
export default function Account() {
  const controller = useController()
  const state = useStore(controller.state)
  const connection = useStore(controller.connection)
  const [busy, setBusy] = useState(false)
  const network = state.host?.info.networks.find((n) => n.caipNetworkId === `eip155:${state.chainId}`)
  if (!state.address) return null
  const disconnect = async () => {
    setBusy(true)
    try {
      await controller.connection.disconnect()
    } finally {
      setBusy(false)
    }
  }
  return (
    <div className="fd-connecting">
      <p className="fd-placeholder-title" title={state.address}>
        {Format.truncateAddress(state.address)}
      </p>
      <p className="fd-muted">
        {connection.session?.wallet.name ?? 'Wallet'} on {network?.name ?? `chain ${state.chainId}`}
      </p>
      <button
        type="button"
        className="fd-button"
        data-variant="secondary"
        disabled={busy}
        onClick={disconnect}
      >
        Disconnect
      </button>
    </div>
  )
}
