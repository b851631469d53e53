import * as Format from '@frontdoor/schemas/presentation/format'
import type * as NamespaceAccounts from '../../connectors/embedded/NamespaceAccounts.js'
import { useController } from '../../controller/context.js'
import { Avatar, Icon } from '../../ui/Avatar.js'
import { copyAddress } from '../../ui/Clipboard.js'
import { QrCode } from '../../ui/QrCode.js'
import * as AccountParts from './AccountParts.js'
import './namespace-accounts.css'

/**
 * The Account view while Bitcoin, Polkadot or Cosmos is the active chain family (SwitchActiveChain; a
 * chunk of its own): the embedded wallet's address there, the vault's own (apps/api/src/auth/vault/
 * Namespaces.ts), to receive on: as a QR code and in full, with 'Copy address'. The network button
 * goes back to the chain families. This server has no node of these chains, so no balance, activity
 * or send shows, and the view says so.
 */
/**
 * What the generated avatar (which reads hex digits) is given for a Bitcoin, Polkadot or Cosmos
 * address: the hex of its last six characters, where addresses differ (their prefixes do not).
 */
const avatarSeed = (address: string) =>
  [...address.slice(-6)].map((c) => c.charCodeAt(0).toString(16).padStart(2, '0')).join('')

export default function NamespaceAccount({ account }: { account: NamespaceAccounts.Account }) {
  const controller = useController()
  const { address, name, namespace } = account
  return (
    <div className="fd-account" data-namespace={namespace}>
      <div className="fd-account-head">
        <Avatar address={avatarSeed(address)} />
        <div className="fd-account-name">
          <p className="fd-account-title" title={address} data-testid="namespace-address">
            {Format.truncateAddress(address)}
          </p>
          <AccountParts.CopyButton address={address} label={`Copy ${name} address`} />
        </div>
        <button
          type="button"
          className="fd-network-button"
          aria-label={`Network: ${name}`}
          onClick={() => controller.router.push('SwitchActiveChain')}
        >
          <Icon label={name} size={20} />
          <span>{name}</span>
          <svg viewBox="0 0 24 24" aria-hidden="true" className="fd-chevron">
            <path d="M9 6l6 6-6 6" />
          </svg>
        </button>
      </div>

      <section className="fd-namespace-receive" aria-labelledby="fd-namespace-receive-title">
        <h3 id="fd-namespace-receive-title">Receive on {name}</h3>
        <div className="fd-namespace-qr">
          <QrCode value={address} label={`QR code of ${address}`} logo={{ kind: 'none' }} />
        </div>
        <code className="fd-namespace-full">{address}</code>
        <button type="button" className="fd-button" data-autofocus onClick={() => void copyAddress(address)}>
          Copy address
        </button>
        <p className="fd-muted">
          Only send {name} assets to this address. Balances, activity and send on {name} are not available on
          this server: it has no {name} node.
        </p>
      </section>

      <AccountParts.Foot />
    </div>
  )
}
