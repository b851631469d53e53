import * as Constants from '@frontdoor/schemas/constants'
import { useController } from '../../controller/context.js'
import { useStore } from '../../store/useStore.js'
import { Icon } from '../../ui/Avatar.js'
import '../../ui/account.css'
import './networks.css'

/** Display names of the chain namespaces. */
const FAMILIES: Record<string, string> = {
  eip155: 'Ethereum and EVM networks',
  solana: 'Solana',
  polkadot: 'Polkadot',
  bip122: 'Bitcoin',
  cosmos: 'Cosmos',
}

/**
 * SwitchActiveChain: the chain families (namespaces) of the page's networks, the active one marked.
 * Only EVM (eip155) connections exist in Frontdoor today, so the others are listed as unavailable.
 */
export default function SwitchActiveChain() {
  const controller = useController()
  const state = useStore(controller.state)
  const namespaces = [
    ...new Set(['eip155', ...(state.host?.info.networks ?? []).map((n) => n.chainNamespace)]),
  ].filter((ns) => (Constants.AUTH_NAMESPACES as readonly string[]).includes(ns))
  return (
    <div className="fd-networks">
      <ul className="fd-rows" aria-label="Chain families">
        {namespaces.map((namespace) => {
          const active = namespace === 'eip155'
          return (
            <li key={namespace}>
              <button
                type="button"
                className="fd-row fd-row-button"
                aria-current={active ? 'true' : undefined}
                aria-disabled={!active}
                onClick={() => (active ? controller.router.goBack() : undefined)}
              >
                <Icon label={FAMILIES[namespace] ?? namespace} size={32} />
                <span className="fd-row-main">
                  <span className="fd-row-title">{FAMILIES[namespace] ?? namespace}</span>
                  <span className="fd-row-sub">{namespace}</span>
                </span>
                <span className="fd-status">{active ? 'Active' : 'Not available yet'}</span>
              </button>
            </li>
          )
        })}
      </ul>
      <p className="fd-muted">
        Frontdoor connects EVM wallets today. Other chain families will appear here when their connectors
        exist.
      </p>
    </div>
  )
}
