import * as Constants from '@frontdoor/schemas/constants'
import * as Format from '@frontdoor/schemas/presentation/format'
import * as ActiveChain from '../../account/ActiveChain.js'
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
 * SwitchActiveChain: the chain families (namespaces) of the connection and of the page's networks, the
 * active one marked. eip155 is always available; solana when the connection has a Solana account
 * (the embedded wallet's, on the local cluster); Bitcoin, Polkadot and Cosmos when it holds an address
 * there (the embedded wallet's, which the vault derives), each shown with that address. Picking one
 * makes it the Account view's family. A family the page lists where the connection holds no account
 * is 'Not available yet'.
 */
export default function SwitchActiveChain() {
  const controller = useController()
  const state = useStore(controller.state)
  const solana = ActiveChain.useSolanaAccount()
  const others = ActiveChain.useNamespaceAccounts()
  const active = ActiveChain.activeNamespace(useStore(ActiveChain.frame), state, solana, others)
  const held = (namespace: string) => others.find((account) => account.namespace === namespace)
  const available = (namespace: string): namespace is ActiveChain.Namespace =>
    namespace === 'eip155' || (namespace === 'solana' ? solana !== null : held(namespace) !== undefined)
  const namespaces = [
    ...new Set([
      'eip155',
      ...(solana ? ['solana'] : []),
      ...others.map((account) => account.namespace),
      ...(state.host?.info.networks ?? []).map((n) => n.chainNamespace),
    ]),
  ].filter((ns) => (Constants.AUTH_NAMESPACES as readonly string[]).includes(ns))
  const pick = (namespace: string) => {
    if (!available(namespace)) return
    ActiveChain.frame.choose(namespace, controller.state)
    if (state.status === 'connected') controller.router.reset('Account')
    else controller.router.goBack()
  }
  const addressOf = (namespace: string) =>
    namespace === 'solana'
      ? solana?.address
      : namespace === 'eip155'
        ? state.address
        : held(namespace)?.address
  return (
    <div className="fd-networks">
      <ul className="fd-rows" aria-label="Chain families">
        {namespaces.map((namespace, index) => {
          const isActive = namespace === active
          const enabled = available(namespace)
          const address = enabled ? addressOf(namespace) : undefined
          return (
            <li key={namespace}>
              <button
                type="button"
                className="fd-row fd-row-button"
                aria-current={isActive ? 'true' : undefined}
                aria-disabled={!enabled}
                onClick={() => pick(namespace)}
                {...(index === 0 ? { 'data-autofocus': true } : {})}
              >
                <Icon label={FAMILIES[namespace] ?? namespace} size={32} />
                <span className="fd-row-main">
                  <span className="fd-row-title">{FAMILIES[namespace] ?? namespace}</span>
                  <span className="fd-row-sub" title={address}>
                    {address ? Format.truncateAddress(address) : namespace}
                  </span>
                </span>
                {isActive ? (
                  <span className="fd-status">Active</span>
                ) : enabled ? null : (
                  <span className="fd-status">Not available yet</span>
                )}
              </button>
            </li>
          )
        })}
      </ul>
      <p className="fd-muted">
        EVM wallets connect on eip155; the email and social wallet also holds Solana, Bitcoin, Polkadot and
        Cosmos addresses.
      </p>
    </div>
  )
}
