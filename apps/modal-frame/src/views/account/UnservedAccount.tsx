import * as Format from '@frontdoor/schemas/presentation/format'
import type { ReactNode } from 'react'
import type * as Queries from '../../account/Queries.js'
import { useController } from '../../controller/context.js'
import { useStore } from '../../store/useStore.js'
import { Avatar } from '../../ui/Avatar.js'
import * as NotServed from '../../ui/NotServed.js'
import * as AccountParts from './AccountParts.js'

/** What the head shows of balances nobody read: no total ('$—'), and not busy. */
const UNREAD = { isPending: false, isSuccess: false, fetchStatus: 'idle' }

/**
 * The Account view on an EVM network this server has no node of (a chunk of its own): who is
 * connected and on which network, the actions (each of their views says the same), and, in place of
 * the tabs, that the network is not available on this server. `children` go in the footer (the
 * embedded wallet's settings and other addresses).
 */
export default function UnservedAccount({ scope, children }: { scope: Queries.Scope; children?: ReactNode }) {
  const controller = useController()
  const { features, host } = useStore(controller.state)
  const chain = `eip155:${scope.chainId}`
  const network = host?.info.networks.find((n) => n.caipNetworkId === chain)
  const name = NotServed.useNetworkName(scope.chainId)
  return (
    <div className="fd-account" data-served="false">
      <AccountParts.Head
        address={scope.address}
        avatar={<Avatar address={scope.address} />}
        title={Format.truncateAddress(scope.address)}
        balances={UNREAD}
        tokens={[]}
        network={network}
        chainId={scope.chainId}
      />
      <div className="fd-actions">
        {features.send ? <AccountParts.SendAction /> : null}
        {features.receive ? (
          <AccountParts.Action label="Receive" onClick={() => controller.router.push('Receive')}>
            <path d="M12 5v14M6 13l6 6 6-6" />
          </AccountParts.Action>
        ) : null}
        {features.swaps.length > 0 ? (
          <AccountParts.Action label="Swap" onClick={() => controller.router.push('Swap')}>
            <path d="M7 4v16M3 8l4-4 4 4M17 20V4M13 16l4 4 4-4" />
          </AccountParts.Action>
        ) : null}
      </div>
      <NotServed.NotServed name={name} />
      <AccountParts.Foot>{children}</AccountParts.Foot>
    </div>
  )
}
