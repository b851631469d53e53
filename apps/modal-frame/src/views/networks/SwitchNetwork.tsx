import * as Caip from '@frontdoor/schemas/caip'
import * as ActiveChain from '../../account/ActiveChain.js'
import * as Served from '../../chain/Served.js'
import { useController } from '../../controller/context.js'
import { useStore } from '../../store/useStore.js'
import { NetworkList } from './NetworkList.js'
import '../../ui/account.css'
import './networks.css'

/**
 * SwitchNetwork: the page's networks, and the local Solana cluster for a connection with a Solana
 * account (the embedded wallet), the current one marked. Picking an EVM network asks the wallet to
 * switch (adding the chain when it lacks it) and makes eip155 the active family; picking the Solana
 * cluster makes solana active (ActiveChain); a network of another family goes to SwitchActiveChain,
 * as does 'Chain families' for a connection with more than one.
 */
export default function SwitchNetwork() {
  const controller = useController()
  const state = useStore(controller.state)
  const solana = ActiveChain.useSolanaAccount()
  const others = ActiveChain.useNamespaceAccounts()
  const served = Served.useChains(controller.env.apiUrl)
  const active = ActiveChain.activeNamespace(useStore(ActiveChain.frame), state, solana)
  const page = state.host?.info.networks ?? []
  const networks =
    solana && !page.some((n) => n.caipNetworkId === ActiveChain.SOLANA_NETWORK.caipNetworkId)
      ? [...page, ActiveChain.SOLANA_NETWORK]
      : page
  const evm = state.chainId ? Caip.formatCaip2('eip155', state.chainId) : undefined
  const current = active === 'solana' ? ActiveChain.SOLANA_NETWORK.caipNetworkId : evm
  const done = () => {
    if (controller.router.get().history.length > 0) controller.router.goBack()
    else controller.requestClose()
  }
  return (
    <div className="fd-networks">
      <NetworkList
        networks={networks}
        current={current}
        unserved={(id) => served !== undefined && !served.has(id)}
        onPick={async (network) => {
          if (network.caipNetworkId === ActiveChain.SOLANA_NETWORK.caipNetworkId && solana) {
            ActiveChain.frame.choose('solana', controller.state)
            return done()
          }
          if (network.chainNamespace !== 'eip155') return controller.router.push('SwitchActiveChain')
          if (network.caipNetworkId !== evm) await controller.switchNetwork(Number(network.id))
          ActiveChain.frame.choose('eip155', controller.state)
          done()
        }}
      />
      <p className="fd-muted">Your wallet may ask you to approve the switch, or to add the network first.</p>
      {solana || others.length > 0 ? (
        <button
          type="button"
          className="fd-text-button"
          onClick={() => controller.router.push('SwitchActiveChain')}
        >
          Chain families
        </button>
      ) : null}
    </div>
  )
}
