import { useEffect, useState } from 'react'
import type * as Embedded from '../../connectors/embedded/Embedded.js'
import * as Accounts from '../../connectors/embedded/NamespaceAccounts.js'
import { useController } from '../../controller/context.js'
import { useStore } from '../../store/useStore.js'
import * as AccountParts from './AccountParts.js'
import './namespace-accounts.css'

/**
 * The embedded wallet's Bitcoin, Polkadot and Cosmos accounts in the Account view (a lazy chunk, for
 * embedded accounts only): each network's name and full address, with a copy button. The addresses
 * are the user's `caipAccounts`, derived by the vault (apps/api/src/auth/vault/Namespaces.ts).
 */

export default function NamespaceAccounts() {
  const controller = useController()
  const [embedded, setEmbedded] = useState<Embedded.Embedded | undefined>()
  useEffect(() => {
    void controller.embedded().then(setEmbedded)
  }, [controller])
  if (!embedded) return null
  return <List embedded={embedded} />
}

function List({ embedded }: { embedded: Embedded.Embedded }) {
  const { user } = useStore(embedded.state)
  const accounts = Accounts.of(user?.caipAccounts)
  if (accounts.length === 0) return null
  return (
    <section className="fd-namespace-accounts" aria-labelledby="fd-namespace-accounts-title">
      <h3 id="fd-namespace-accounts-title" className="fd-muted">
        Other networks
      </h3>
      <ul>
        {accounts.map(({ namespace, name, address }) => (
          <li key={namespace} className="fd-namespace-account">
            <span className="fd-namespace-name">{name}</span>
            <span className="fd-namespace-address" title={address}>
              {address}
            </span>
            <AccountParts.CopyButton address={address} label={`Copy ${name} address`} />
          </li>
        ))}
      </ul>
    </section>
  )
}
