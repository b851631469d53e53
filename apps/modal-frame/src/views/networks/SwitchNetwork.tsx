import * as Caip from '@frontdoor/schemas/caip'
import { useController } from '../../controller/context.js'
import { useStore } from '../../store/useStore.js'
import { NetworkList } from './NetworkList.js'
import '../../ui/account.css'
import './networks.css'

/**
 * SwitchNetwork: the page's networks, the current one marked. Picking one asks the wallet to switch
 * (adding the chain when it lacks it); a network of another chain family goes to SwitchActiveChain.
 */
export default function SwitchNetwork() {
  const controller = useController()
  const state = useStore(controller.state)
  const networks = state.host?.info.networks ?? []
  const current = state.chainId ? Caip.formatCaip2('eip155', state.chainId) : undefined
  const done = () => {
    if (controller.router.get().history.length > 0) controller.router.goBack()
    else controller.requestClose()
  }
  return (
    <div className="fd-networks">
      <NetworkList
        networks={networks}
        current={current}
        onPick={async (network) => {
          if (network.chainNamespace !== 'eip155') return controller.router.push('SwitchActiveChain')
          if (network.caipNetworkId !== current) await controller.switchNetwork(Number(network.id))
          done()
        }}
      />
      <p className="fd-muted">Your wallet may ask you to approve the switch, or to add the network first.</p>
    </div>
  )
}
