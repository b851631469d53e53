import type * as HostSdk from '@frontdoor/host-sdk'
import { createContext, useContext } from 'react'

/** What FrontdoorProvider shares: the instance (once created, on the client) and the networks. */
export type Value = {
  frontdoor: HostSdk.Frontdoor | undefined
  networks: readonly HostSdk.Network[]
}

/** The context of FrontdoorProvider (undefined outside one). */
export const Context = createContext<Value | undefined>(undefined)

/** The provider's value; throws outside `<FrontdoorProvider>`. */
export function useValue(hook: string): Value {
  const value = useContext(Context)
  if (!value) throw new Error(`${hook}() must be used inside <FrontdoorProvider>`)
  return value
}
