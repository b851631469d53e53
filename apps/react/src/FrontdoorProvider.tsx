import * as HostSdk from '@frontdoor/host-sdk'
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react'
import * as Context from './Context.js'

/** Props of {@link FrontdoorProvider}. */
export type Props = {
  /** The options of `createFrontdoor()`, read once, on mount. */
  options: HostSdk.Options
  children?: ReactNode
}

/**
 * Creates the page's Frontdoor on the client (in an effect, so rendering on the server never touches
 * `window`) and gives it to the hooks below it. The instance lives as long as the page: one page has one
 * (`createFrontdoor()` returns the first), shared with `@frontdoor/wagmi`'s connector.
 *
 * @example
 * <FrontdoorProvider options={{ projectId: 'demo', networks: [mainnet], metadata: { name: 'My dapp' } }}>
 *   <App />
 * </FrontdoorProvider>
 */
export function FrontdoorProvider({ options, children }: Props) {
  const [frontdoor, setFrontdoor] = useState<HostSdk.Frontdoor>()
  const initial = useRef(options)
  useEffect(() => {
    setFrontdoor(HostSdk.createFrontdoor(initial.current))
  }, [])
  // A network the page names by id alone stands as the SDK tells the modal of it (`Chain <id>`).
  const value = useMemo(
    () => ({ frontdoor, networks: initial.current.networks.map(HostSdk.networkOf) }),
    [frontdoor],
  )
  return <Context.Context.Provider value={value}>{children}</Context.Context.Provider>
}
