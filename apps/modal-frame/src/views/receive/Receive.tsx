import * as Format from '@frontdoor/schemas/presentation/format'
import { useController } from '../../controller/context.js'
import { useStore } from '../../store/useStore.js'
import { Icon } from '../../ui/Avatar.js'
import { copyAddress } from '../../ui/Clipboard.js'
import { QrCode } from '../../ui/QrCode.js'
import '../../ui/account.css'
import './receive.css'

/**
 * The Receive view: the connected address as a QR code and as text, 'Copy address', and the networks
 * the address receives on (every EVM network of the page: one address for all of them).
 */
export default function Receive() {
  const controller = useController()
  const state = useStore(controller.state)
  if (!state.address) return null
  const networks = (state.host?.info.networks ?? []).filter((n) => n.chainNamespace === 'eip155')
  return (
    <div className="fd-receive">
      <div className="fd-receive-code">
        <QrCode value={state.address} label={`QR code of ${state.address}`} logo={{ kind: 'none' }} />
      </div>
      <p className="fd-receive-address" aria-hidden="true">
        {Format.truncateAddress(state.address)}
      </p>
      <code className="fd-receive-full">{state.address}</code>
      <button
        type="button"
        className="fd-button"
        data-autofocus
        onClick={() => void copyAddress(state.address!)}
      >
        Copy address
      </button>
      <section className="fd-receive-networks" aria-labelledby="fd-receive-networks">
        <h2 id="fd-receive-networks" className="fd-group-month">
          Works on these networks
        </h2>
        <ul className="fd-rows" aria-label="Networks">
          {networks.map((network) => (
            <li key={network.caipNetworkId} className="fd-row">
              <Icon label={network.name} size={28} />
              <span className="fd-row-main">
                <span className="fd-row-title">{network.name}</span>
              </span>
              {Number(network.id) === state.chainId ? <span className="fd-status">Current</span> : null}
            </li>
          ))}
        </ul>
        <p className="fd-muted">Only send assets on these networks to this address.</p>
      </section>
    </div>
  )
}
