import { useState } from 'react'
import { useController } from '../../controller/context.js'
import { useStore } from '../../store/useStore.js'
import * as Toast from '../../ui/Toast.js'
import { NetworkList } from './NetworkList.js'
import '../../ui/account.css'
import './networks.css'

/**
 * UnsupportedChain: the connected wallet is on a chain the page does not list. Says so, and offers
 * the page's networks (the controller shows Account once the wallet is on one) or disconnecting.
 */
export default function UnsupportedChain() {
  const controller = useController()
  const state = useStore(controller.state)
  const connection = useStore(controller.connection)
  const [leaving, setLeaving] = useState(false)
  const networks = (state.host?.info.networks ?? []).filter((n) => n.chainNamespace === 'eip155')
  const chainId = connection.session?.chainId
  return (
    <div className="fd-networks">
      <div className="fd-alert" role="alert">
        <svg viewBox="0 0 24 24" aria-hidden="true" className="fd-alert-icon">
          <path d="M12 3l10 18H2z" />
          <path d="M12 10v5M12 18v.5" />
        </svg>
        <p className="fd-alert-title">Network not supported</p>
        <p className="fd-alert-detail">
          Your wallet is on {chainId ? `chain ${chainId}` : 'a network'}, which this app does not support.
          Switch to one of these networks to continue.
        </p>
      </div>
      <NetworkList
        networks={networks}
        current={undefined}
        label="Supported networks"
        onPick={(network) => controller.switchNetwork(Number(network.id))}
      />
      <button
        type="button"
        className="fd-button"
        data-variant="secondary"
        disabled={leaving}
        onClick={async () => {
          setLeaving(true)
          try {
            await controller.connection.disconnect()
          } catch (error) {
            // 'Failed to disconnect chains: …' (spec section 8): the wallet could not be told.
            Toast.frame.show((error as Error).message, 'error')
          } finally {
            setLeaving(false)
          }
        }}
      >
        Disconnect
      </button>
    </div>
  )
}
