import * as Errors from '@frontdoor/schemas/errors'
import type { ReactNode } from 'react'
import * as Served from '../chain/Served.js'
import { useController } from '../controller/context.js'
import { useStore } from '../store/useStore.js'
import './not-served.css'

/**
 * What a view shows on a network this server has no node (RPC upstream) of, instead of empty balances,
 * a failing form or a spinner: the network's name, that it is not available here, and what does not
 * work there, with a way to another network.
 */
export function NotServed({ name }: { name: string }) {
  const controller = useController()
  return (
    <div className="fd-not-served" role="status">
      <p className="fd-not-served-title">{Errors.networkNotAvailable(name)}</p>
      <p className="fd-muted">
        This server has no node of {name}: balances, activity, send and swap need one. Your address is the
        same on every EVM network.
      </p>
      <button
        type="button"
        className="fd-button"
        data-variant="secondary"
        onClick={() => controller.router.push('SwitchNetwork')}
      >
        Switch network
      </button>
    </div>
  )
}

/** The page's name of EVM chain `chainId` (`Chain <id>` when the page did not name it). */
export function useNetworkName(chainId: number): string {
  const controller = useController()
  const { host } = useStore(controller.state)
  const caip2 = `eip155:${chainId}`
  return host?.info.networks.find((n) => n.caipNetworkId === caip2)?.name ?? `Chain ${chainId}`
}

/**
 * `children` on an EVM chain this server serves; {@link NotServed} on one it has no node of; a spinner
 * while that is first asked (`GET /v1/supported-chains`, once per frame load).
 */
export function Gate({ chainId, children }: { chainId: number; children: ReactNode }) {
  const controller = useController()
  const served = Served.useServed(controller.env.apiUrl, `eip155:${chainId}`)
  const name = useNetworkName(chainId)
  if (served === undefined) return <div className="fd-spinner" role="status" aria-label="Loading" />
  return served ? children : <NotServed name={name} />
}
