import * as Caip from '@frontdoor/schemas/caip'
import { useEffect, useState } from 'react'
import type * as Embedded from '../../connectors/embedded/Embedded.js'
import { useController } from '../../controller/context.js'
import { useStore } from '../../store/useStore.js'
import * as AccountParts from './AccountParts.js'
import './namespace-accounts.css'

/**
 * The embedded wallet's Bitcoin, Polkadot and Cosmos accounts in the Account view (a lazy chunk, for
 * embedded accounts only): each network's name and full address, with a copy button. The addresses
 * are the user's `caipAccounts`, derived by the vault (apps/api/src/auth/vault/Namespaces.ts).
 */

/** The namespaces shown, in order, with their names. */
const NAMES = { bip122: 'Bitcoin', polkadot: 'Polkadot', cosmos: 'Cosmos' } as const

type Shown = { namespace: keyof typeof NAMES; name: string; address: string }

/** The accounts to show of a user's CAIP-10 `caipAccounts`: the known namespaces, in {@link NAMES}' order. */
export function shown(caipAccounts: readonly { address: string }[] | undefined): Shown[] {
  const parsed = (caipAccounts ?? [])
    .filter((a) => Caip.isCaip10(a.address))
    .map((a) => Caip.parseCaip10(a.address))
  return (Object.keys(NAMES) as (keyof typeof NAMES)[]).flatMap((namespace) => {
    const account = parsed.find((a) => a.chainNamespace === namespace)
    return account ? [{ namespace, name: NAMES[namespace], address: account.address }] : []
  })
}

export default function NamespaceAccounts() {
  const controller = useController()
  const [embedded, setEmbedded] = useState<Embedded.Embedded | undefined>()
  useEffect(() => {
    void controller.embedded().then(setEmbedded)
  }, [controller])
  if (!embedded) return null
  return <Accounts embedded={embedded} />
}

function Accounts({ embedded }: { embedded: Embedded.Embedded }) {
  const { user } = useStore(embedded.state)
  const accounts = shown(user?.caipAccounts)
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
